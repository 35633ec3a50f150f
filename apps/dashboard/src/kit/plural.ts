import { formatCount } from './format.js';

/**
 * A count with its noun, singular for exactly one ("1 attempt", "3 attempts", "0 attempts"): the one way pages say
 * how many, rather than "1 attempts" or "attempt(s)". `many` is for nouns that do not just add an s ("1 match", "2 matches").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${pluralNoun(count, one, many)}`;
}

/** The noun alone, by the same rule, where the number is not said: "Line 4", "Lines 4, 9" before a list of them. */
export function pluralNoun(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
