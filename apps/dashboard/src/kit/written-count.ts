// A count as people write it, read by one rule wherever a field takes one (the Render cap, a plan's limits).

/** The sentence beside a count field whose text is no count as people write one. */
export const NOT_A_COUNT = 'Type a whole number, like 5000 or 5,000.';

/**
 * Plain digits, or digits grouped in thousands the way the page itself writes counts (1,500) or a locale does (1 000
 * 000, with a space, a no-break or a thin space): one kind of separator throughout, every group after the first of
 * exactly three digits, so 1,50,0 and 1,000 000 are no counts. A minus in front is read, so a range check can say
 * "at least 1" of -3 rather than that it is no number.
 */
const WRITTEN_COUNT = /^-?(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+)$/;

/**
 * The count `text` holds (spaces around it ignored), or null when it holds none: empty, or what Number() would read but
 * a person hardly means by a count (1e3 as 1000, 0x10 as 16, 1.5, 1_000), or anything else. Whether the count fits
 * (at least 1, at most a limit) is for the caller, or the API, to say.
 */
export function writtenCount(text: string): number | null {
  const trimmed = text.trim();
  if (!WRITTEN_COUNT.test(trimmed)) return null;
  return Number(trimmed.replace(/[^\d-]/g, ''));
}
