import { batchStatusTone, batchStatusWord } from '../src/pages/batches/batch-status-words.js';
import { itemCountsText, progressText } from '../src/pages/batches/item-counts.js';

describe('a batch’s item counts as a phrase', () => {
  test('done out of the total first, then the failures', () => {
    expect(itemCountsText({ completed: 2, failed: 0, cancelled: 0, total: 2 })).toBe('2 of 2 done, 0 failed');
    expect(itemCountsText({ completed: 3, failed: 1, cancelled: 0, total: 10 })).toBe('3 of 10 done, 1 failed');
  });

  test('the cancelled count appears only once some items were cancelled', () => {
    expect(itemCountsText({ completed: 5, failed: 0, cancelled: 195, total: 200 })).toBe('5 of 200 done, 0 failed, 195 cancelled');
  });

  test('the live progress line starts with the status in words', () => {
    expect(progressText({ status: 'completed', completed: 2, failed: 0, cancelled: 0, total: 2 })).toBe('Completed: 2 of 2 done, 0 failed');
    expect(progressText({ status: 'processing', completed: 0, failed: 0, cancelled: 0, total: 3 })).toBe(
      'Rendering: 0 of 3 done, 0 failed',
    );
    expect(progressText({ status: 'partial', completed: 1, failed: 1, cancelled: 0, total: 2 })).toBe(
      'Partly failed: 1 of 2 done, 1 failed',
    );
  });

  test('statuses in words with their badge’s tone; an unknown one capitalised', () => {
    expect(
      ['pending', 'processing', 'completed', 'partial', 'failed', 'cancelled', 'newer'].map((s) => [
        batchStatusWord(s),
        batchStatusTone(s),
      ]),
    ).toEqual([
      ['Waiting', 'idle'],
      ['Rendering', 'busy'],
      ['Completed', 'good'],
      ['Partly failed', 'bad'],
      ['Failed', 'bad'],
      ['Cancelled', 'idle'],
      ['Newer', 'idle'],
    ]);
  });
});
