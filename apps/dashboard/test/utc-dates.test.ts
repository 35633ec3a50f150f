import { formatUtcDate, formatUtcPeriod } from '../src/kit/format.js';

// Written in the runtime's own locale, as the dashboard writes them; the expectations are built the same way.
const day = (iso: string, year = true) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}), timeZone: 'UTC' });

test('a UTC midnight is its UTC date, whatever the reader’s time zone, and has no time', () => {
  expect(formatUtcDate('2027-01-01T00:00:00.000Z')).toBe(day('2027-01-01T00:00:00Z'));
  expect(formatUtcDate('2027-01-01T00:00:00.000Z')).not.toMatch(/:/);
});

test('a period ends on the day before its (exclusive) end, with the year once when it does not change', () => {
  expect(formatUtcPeriod('2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toBe(
    `${day('2026-12-01T00:00:00Z', false)} – ${day('2026-12-31T00:00:00Z')}`,
  );
  expect(formatUtcPeriod('2026-12-15T00:00:00.000Z', '2027-01-15T00:00:00.000Z')).toBe(
    `${day('2026-12-15T00:00:00Z')} – ${day('2027-01-14T00:00:00Z')}`,
  );
});
