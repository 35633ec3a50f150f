// How the renders-per-day chart names its days. Without React, so the node tests load this file
// (test/usage-chart-days.test.ts). The days are the API's (GET /usage `perDay`): UTC days, the last one today.
import { plural } from '../../kit/plural.js';

/** A day's date (YYYY-MM-DD, UTC) as the reader's locale writes a short date ("Dec 6"). */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Whether `date` is the day still under way (the UTC day of `now`): its bar counts only the renders so far. */
export function isToday(date: string, now: Date): boolean {
  return date === now.toISOString().slice(0, 10);
}

/** The axis's name for a day: "Today, so far" for the day under way, else its short date. */
export function axisLabel(date: string, now: Date): string {
  return isToday(date, now) ? 'Today, so far' : dayLabel(date);
}

type Day = { date: string; image: number; gif: number; pdf: number; video: number; failed: number };

/** A day's renders of every kind, its failed ones included. */
export function dayTotal(day: Day): number {
  return day.image + day.gif + day.pdf + day.video;
}

/**
 * The counts a bar's tooltip gives, the day named as on the axis: "Today, so far (Dec 6): 3 renders, 1 failed
 * (2 images, 0 GIFs, 1 PDF, 0 videos)". The kinds count failed renders too; the API does not split failures by kind.
 */
export function barTitle(day: Day, now: Date): string {
  const when = isToday(day.date, now) ? `Today, so far (${dayLabel(day.date)})` : dayLabel(day.date);
  const kinds = `${plural(day.image, 'image')}, ${plural(day.gif, 'GIF')}, ${plural(day.pdf, 'PDF')}, ${plural(day.video, 'video')}`;
  return `${when}: ${plural(dayTotal(day), 'render')}, ${day.failed} failed (${kinds})`;
}

/**
 * Why the bars need not add up to the credits used: a bar's striped top is its failed renders, counted but never
 * charged (and a live GIF capture takes 1.5 credits).
 */
export const CHART_NOTE = 'The striped top of a bar is its failed renders, which are not charged. Days run midnight to midnight UTC.';
