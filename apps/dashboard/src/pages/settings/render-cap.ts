// How the URL-signing secret's Render cap field reads what is typed into it.

/** The sentence beside the cap when what it holds is not a number of renders. */
export const CAP_NOT_A_NUMBER = 'Type a number of renders (1000), or leave the field empty for no cap.';

/** Digits in groups of three, as people write large counts: 1,000 / 1 000 / 1_000 (thin spaces too). */
const GROUPED = /^\d{1,3}(?:([,\s_\u202f])\d{3})(?:\1\d{3})*$/;

/**
 * The cap as typed: empty is no cap (null); a number, also with its thousands grouped (1,000 is 1000), goes to the
 * server, which judges its range (0, 1.5 and -3 are refused there in the API's words); anything else is refused here,
 * since the API's "Must be a number, not a string" speaks of JSON rather than of what was typed.
 */
export function capOf(text: string): { cap: number | null } | { refusal: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { cap: null };
  const digits = GROUPED.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
  const number = Number(digits);
  return Number.isFinite(number) ? { cap: number } : { refusal: CAP_NOT_A_NUMBER };
}
