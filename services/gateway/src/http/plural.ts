/**
 * A count with its noun, singular for exactly one ("1 minute", "15 minutes", "0 rows"): the one way the gateway's
 * problem texts say how many, rather than "1 minutes" or "minute(s)". `many` is for nouns that do not just add an s.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
