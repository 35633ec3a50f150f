/** Dates as the dashboard shows them: local, to the minute; null as a dash. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Counts and limits with the reader's digit grouping (250,000 rather than 250000). */
export function formatCount(n: number): string {
  return n.toLocaleString(undefined, { maximumFractionDigits: 2 });
}

/** An instant in the reader's time zone to the second, as a <time> whose tooltip is the API's UTC value. */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
