import { progressChanged } from '../src/pages/batches/progress-change.js';

const at = { status: 'processing', completed: 2, failed: 0, cancelled: 0 };

describe('when the live progress says something the Recent batches table does not know', () => {
  test('the first progress of a batch', () => {
    expect(progressChanged(null, at)).toBe(true);
  });

  test('a new status or any new count', () => {
    expect(progressChanged(at, { ...at, status: 'completed' })).toBe(true);
    expect(progressChanged(at, { ...at, completed: 3 })).toBe(true);
    expect(progressChanged(at, { ...at, failed: 1 })).toBe(true);
    expect(progressChanged(at, { ...at, cancelled: 4 })).toBe(true);
  });

  test('not the same progress again (a reconnected stream starts with it)', () => {
    expect(progressChanged(at, { ...at })).toBe(false);
  });
});
