/**
 * Dates and times as every page shows them ("Dec 4, 2026, 10:20 AM"): local, to the minute; null as a dash. The one
 * date formatter of the dashboard, so a date reads the same on every page; where the exact value matters, the page
 * puts the API's ISO value in a <time> tooltip beside it.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Counts and limits with the reader's digit grouping (250,000 rather than 250000). */
export function formatCount(n: number): string {
  return n.toLocaleString(undefined, { maximumFractionDigits: 2 });
}
