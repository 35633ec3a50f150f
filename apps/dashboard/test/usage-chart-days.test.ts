import { axisLabel, barTitle, CHART_NOTE, dayLabel, dayTotal, isToday } from '../src/pages/usage/chart-days.js';

const now = new Date('2026-12-06T04:10:00Z');
const day = (date: string) => ({ date, image: 2, gif: 1, pdf: 0, video: 0, failed: 1 });

test('the day under way (UTC) is "Today, so far" on the axis and in its bar\'s title, its date beside it', () => {
  expect(isToday('2026-12-06', now)).toBe(true);
  expect(axisLabel('2026-12-06', now)).toBe('Today, so far');
  expect(barTitle(day('2026-12-06'), now)).toBe(
    `Today, so far (${dayLabel('2026-12-06')}): 3 renders, 1 failed (2 images, 1 GIF, 0 PDFs, 0 videos)`,
  );
});

test('every other day is its short date, UTC: a render just after midnight UTC counts on the new day wherever the reader is', () => {
  expect(isToday('2026-12-05', now)).toBe(false);
  expect(axisLabel('2026-12-05', now)).toBe(dayLabel('2026-12-05'));
  expect(barTitle(day('2026-12-05'), now)).toBe(`${dayLabel('2026-12-05')}: 3 renders, 1 failed (2 images, 1 GIF, 0 PDFs, 0 videos)`);
  expect(isToday('2026-12-06', new Date('2026-12-05T23:59:59.999Z'))).toBe(false);
  expect(dayLabel('2026-12-05')).toBe(
    new Date(Date.UTC(2026, 11, 5)).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
});

test("a day's total counts every kind, its failed renders included; the note says the striped failed ones are not charged", () => {
  expect(dayTotal({ date: '2026-12-06', image: 2, gif: 1, pdf: 3, video: 1, failed: 2 })).toBe(7);
  expect(barTitle({ date: '2026-12-05', image: 1, gif: 0, pdf: 0, video: 0, failed: 0 }, now)).toBe(
    `${dayLabel('2026-12-05')}: 1 render, 0 failed (1 image, 0 GIFs, 0 PDFs, 0 videos)`,
  );
  expect(CHART_NOTE).toContain('The striped top of a bar is its failed renders, which are not charged.');
});
