/**
 * A count with its noun, singular for exactly one ("1 minute", "15 minutes", "0 rows"): the one way every message
 * of Pressroom — problem details, logs, mails and the dashboard — says how many, rather than "1 minutes" or
 * "minute(s)". `many` is for nouns that do not just add an s ("1 batch", "2 batches"). `format` writes the number
 * (the dashboard passes its thousands separators); plain digits otherwise, as API texts are read by programs too.
 */
export function plural(count: number | bigint, one: string, many = `${one}s`, format: (n: number | bigint) => string = String): string {
  return `${format(count)} ${pluralNoun(count, one, many)}`;
}

/** The noun alone, by the same rule, where the number is not said: "Line 4", "Lines 4, 9" before a list of them. */
export function pluralNoun(count: number | bigint, one: string, many = `${one}s`): string {
  return Number(count) === 1 ? one : many;
}
