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

/** Why some renders took no render credits: each render in one class at most (GET /usage, docs/limits.md). */
export interface FreeCounts {
  /** Failed renders, binding refreshes included: a failure gives its credits back. */
  failed: number;
  /** Binding refreshes that did not fail: never charged. */
  bindingRefreshes: number;
  /** AI screenshots that did not fail: the AI credits pay for the render. */
  aiScreenshots: number;
}

type Day = { date: string; image: number; gif: number; pdf: number; video: number } & FreeCounts;

/** A day's renders of every kind, its failed and free ones included. */
export function dayTotal(day: Day): number {
  return day.image + day.gif + day.pdf + day.video;
}

/** Of `total` renders, those that took render credits: the rest failed, were binding refreshes or AI screenshots. */
export function chargedOf(total: number, free: FreeCounts): number {
  return total - free.failed - free.bindingRefreshes - free.aiScreenshots;
}

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Why renders beside the credits were free, or '' when none were: "1 failed and 2 binding refreshes, not charged",
 * and AI screenshots apart ("1 AI screenshot, paid in AI credits"), as they are charged, in the other credits.
 */
export function freeNote(free: FreeCounts): string {
  const notCharged = [
    ...(free.failed > 0 ? [plural(free.failed, 'failed', 'failed')] : []),
    ...(free.bindingRefreshes > 0 ? [plural(free.bindingRefreshes, 'binding refresh', 'binding refreshes')] : []),
  ];
  const notes = [
    ...(notCharged.length > 0 ? [`${listed(notCharged)}, not charged`] : []),
    ...(free.aiScreenshots > 0 ? [`${plural(free.aiScreenshots, 'AI screenshot')}, paid in AI credits`] : []),
  ];
  return notes.join('; ');
}

/**
 * How `total` renders split, naming only the classes that have some: "3 charged, 1 failed, 1 binding refresh", "1 failed",
 * '' for none, so charged and free add up to the total beside it and a screen reader hears no "0 binding refreshes".
 */
export function splitOf(total: number, free: FreeCounts): string {
  return nonZero([
    [chargedOf(total, free), plural(chargedOf(total, free), 'charged', 'charged')],
    [free.failed, plural(free.failed, 'failed', 'failed')],
    [free.bindingRefreshes, plural(free.bindingRefreshes, 'binding refresh', 'binding refreshes')],
    [free.aiScreenshots, plural(free.aiScreenshots, 'AI screenshot')],
  ]);
}

/** The texts of the counts above zero, joined with commas. */
function nonZero(counts: Array<[number, string]>): string {
  return counts
    .filter(([count]) => count > 0)
    .map(([, text]) => text)
    .join(', ');
}

/**
 * The counts a bar's tooltip (and its part of the chart's accessible text) gives, the day named as on the axis, only
 * the classes and kinds the day has: "Today, so far (Dec 6): 3 renders: 1 charged, 1 failed, 1 binding refresh
 * (2 images, 1 PDF)"; "Dec 5: no renders". The kinds count failed and free renders too; the API does not split those by kind.
 */
export function barTitle(day: Day, now: Date): string {
  const when = isToday(day.date, now) ? `Today, so far (${dayLabel(day.date)})` : dayLabel(day.date);
  const total = dayTotal(day);
  if (total === 0) return `${when}: no renders`;
  const kinds = nonZero([
    [day.image, plural(day.image, 'image')],
    [day.gif, plural(day.gif, 'GIF')],
    [day.pdf, plural(day.pdf, 'PDF')],
    [day.video, plural(day.video, 'video')],
  ]);
  return `${when}: ${plural(total, 'render')}: ${splitOf(total, day)} (${kinds})`;
}

/**
 * Why the bars need not add up to the credits used: a bar's striped top is its failed renders and the dotted part
 * beneath its binding refreshes, counted but never charged (and a live GIF capture takes 1.5 credits).
 */
export const CHART_NOTE =
  'The striped top of a bar is its failed renders and the dotted part beneath it its binding refreshes: neither is charged. Days run midnight to midnight UTC.';
