import { liveMessageClass, liveRole, politenessOf } from '../src/kit/live-region.js';

test('an error is read out at once (alert), anything else at the next pause (status)', () => {
  expect(politenessOf('error')).toBe('assertive');
  expect(politenessOf('success')).toBe('polite');
  expect(politenessOf('neutral')).toBe('polite');
  // Alert's info tone follows the same rule.
  expect(politenessOf('info')).toBe('polite');
  expect(liveRole('assertive')).toBe('alert');
  expect(liveRole('polite')).toBe('status');
});

test("a live message line is small text in its tone's colour, then the page's layout classes", () => {
  expect(liveMessageClass('neutral')).toBe('text-sm text-slate-700');
  expect(liveMessageClass('success', { extra: 'font-medium' })).toBe('text-sm text-green-800 font-medium');
  expect(liveMessageClass('error', { small: true })).toBe('text-xs text-red-700');
  expect(liveMessageClass('neutral', { extra: undefined })).toBe('text-sm text-slate-700');
});
