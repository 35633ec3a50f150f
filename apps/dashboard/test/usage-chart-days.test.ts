import {
  axisLabel,
  barTitle,
  CHART_NOTE,
  chargedOf,
  dayLabel,
  dayTotal,
  freeNote,
  isToday,
  splitOf,
} from '../src/pages/usage/chart-days.js';

const now = new Date('2026-12-06T04:10:00Z');
const day = (date: string) => ({ date, image: 2, gif: 1, pdf: 0, video: 0, failed: 1, bindingRefreshes: 0, aiScreenshots: 0 });
const none = { failed: 0, bindingRefreshes: 0, aiScreenshots: 0 };

test('the day under way (UTC) is "Today, so far" on the axis and in its bar\'s title, its date beside it', () => {
  expect(isToday('2026-12-06', now)).toBe(true);
  expect(axisLabel('2026-12-06', now)).toBe('Today, so far');
  expect(barTitle(day('2026-12-06'), now)).toBe(
    `Today, so far (${dayLabel('2026-12-06')}): 3 renders: 2 charged, 1 failed (2 images, 1 GIF)`,
  );
});

test('every other day is its short date, UTC: a render just after midnight UTC counts on the new day wherever the reader is', () => {
  expect(isToday('2026-12-05', now)).toBe(false);
  expect(axisLabel('2026-12-05', now)).toBe(dayLabel('2026-12-05'));
  expect(barTitle(day('2026-12-05'), now)).toBe(`${dayLabel('2026-12-05')}: 3 renders: 2 charged, 1 failed (2 images, 1 GIF)`);
  expect(isToday('2026-12-06', new Date('2026-12-05T23:59:59.999Z'))).toBe(false);
  expect(dayLabel('2026-12-05')).toBe(
    new Date(Date.UTC(2026, 11, 5)).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
});

test("a day's total counts every kind, its failed and free renders included; the note says the striped and dotted ones are not charged", () => {
  expect(dayTotal({ date: '2026-12-06', image: 2, gif: 1, pdf: 3, video: 1, ...none, failed: 2 })).toBe(7);
  expect(barTitle({ date: '2026-12-05', image: 1, gif: 0, pdf: 0, video: 0, ...none }, now)).toBe(
    `${dayLabel('2026-12-05')}: 1 render: 1 charged (1 image)`,
  );
  expect(barTitle({ date: '2026-12-05', image: 4, gif: 0, pdf: 0, video: 0, failed: 1, bindingRefreshes: 1, aiScreenshots: 1 }, now)).toBe(
    `${dayLabel('2026-12-05')}: 4 renders: 1 charged, 1 failed, 1 binding refresh, 1 AI screenshot (4 images)`,
  );
  expect(CHART_NOTE).toContain(
    'The striped top of a bar is its failed renders and the dotted part beneath it its binding refreshes: neither is charged.',
  );
});

test('why renders were free, in words with their plurals; charged and free add up to the total', () => {
  expect(freeNote(none)).toBe('');
  expect(freeNote({ ...none, failed: 1 })).toBe('1 failed, not charged');
  expect(freeNote({ ...none, bindingRefreshes: 1 })).toBe('1 binding refresh, not charged');
  expect(freeNote({ ...none, failed: 1, bindingRefreshes: 1 })).toBe('1 failed and 1 binding refresh, not charged');
  expect(freeNote({ ...none, failed: 2, bindingRefreshes: 3 })).toBe('2 failed and 3 binding refreshes, not charged');
  expect(freeNote({ failed: 1, bindingRefreshes: 2, aiScreenshots: 1 })).toBe(
    '1 failed and 2 binding refreshes, not charged; 1 AI screenshot, paid in AI credits',
  );
  expect(freeNote({ ...none, aiScreenshots: 2 })).toBe('2 AI screenshots, paid in AI credits');
  expect(chargedOf(5, { ...none, failed: 1, bindingRefreshes: 1 })).toBe(3);
  expect(splitOf(5, { ...none, failed: 1, bindingRefreshes: 1 })).toBe('3 charged, 1 failed, 1 binding refresh');
  // Only the classes with renders in them; nothing for no renders.
  expect(splitOf(2, { ...none, failed: 2 })).toBe('2 failed');
  expect(splitOf(0, none)).toBe('');
  expect(barTitle({ date: '2026-12-05', image: 0, gif: 0, pdf: 0, video: 0, ...none }, now)).toBe(`${dayLabel('2026-12-05')}: no renders`);
  expect(barTitle({ date: '2026-12-06', image: 0, gif: 0, pdf: 0, video: 0, ...none }, now)).toBe(
    `Today, so far (${dayLabel('2026-12-06')}): no renders`,
  );
});
