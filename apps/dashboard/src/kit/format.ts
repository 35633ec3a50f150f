/**
 * Dates and times as every page shows them ("Dec 4, 2026, 10:20 AM"): local, to the minute; null as a dash. The one
 * date formatter of the dashboard, so a date reads the same on every page; where the exact value matters, the page
 * puts the API's ISO value in a <time> tooltip beside it (kit/instant.tsx). With `zone`, the reader's time zone
 * follows in its short name ("Dec 4, 2026, 10:20 AM EST", "… GMT+9"), for times compared with server logs; with
 * `seconds`, the time is to the second ("10:20:05 AM"), where instants a moment apart are told apart (a render's timings).
 */
export function formatDate(iso: string | null | undefined, options: { zone?: boolean; seconds?: boolean } = {}): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const local = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' });
  // dateStyle and timeStyle do not combine with timeZoneName: the zone's name is read on its own, for that instant.
  if (!options.zone) return local;
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName');
  return zone ? `${local} ${zone.value}` : local;
}

/** An instant as ISO 8601 in UTC ("2026-12-07T02:53:12.345Z"), whatever offset it was written with; as given if unreadable. */
export function utcIso(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString();
}

/** Counts and limits with the reader's digit grouping (250,000 rather than 250000). */
export function formatCount(n: number): string {
  return n.toLocaleString(undefined, { maximumFractionDigits: 2 });
}

const utcDay = (ms: number, withYear: boolean) =>
  new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });

/**
 * A day the API counts in UTC ("Jan 1, 2027"), such as when the monthly credits renew (a UTC midnight): the UTC date,
 * with no time, so a reader west of UTC does not see the evening before ("Dec 31, 2026, 7:00 PM"). Pages add "(UTC)".
 */
export function formatUtcDate(iso: string): string {
  return utcDay(Date.parse(iso), true);
}

/**
 * A billing period from its first UTC midnight to the next period's (exclusive, as the API sends it), as its first and
 * last UTC day: "Dec 1 – Dec 31, 2026", or "Dec 1, 2026 – Jan 31, 2027" across a new year.
 */
export function formatUtcPeriod(startIso: string, endIso: string): string {
  const start = Date.parse(startIso);
  const last = Date.parse(endIso) - 1;
  const sameYear = new Date(start).getUTCFullYear() === new Date(last).getUTCFullYear();
  return sameYear ? `${utcDay(start, false)} – ${utcDay(last, true)}` : `${utcDay(start, true)} – ${utcDay(last, true)}`;
}
