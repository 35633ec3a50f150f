import { failedItemsToRetry } from './batch-retry.js';

type State = 'completed' | 'failed' | 'cancelled';
let seq = 0;
const item = (rowIndex: number, state: State, layout: string | null = null) => ({
  rowIndex,
  seq: seq++,
  layout,
  state,
  variables: { title: `Row ${rowIndex}` },
});

describe('the failed items of a batch, to render again in a new one', () => {
  it('is nothing when no item failed (cancelled items were stopped on purpose)', () => {
    expect(failedItemsToRetry({ layouts: null }, [item(0, 'completed'), item(1, 'cancelled')])).toBeNull();
  });

  it('takes only the failed rows, in row order, numbered again from 0, with the values they had', () => {
    const retry = failedItemsToRetry({ layouts: null }, [item(3, 'failed'), item(0, 'completed'), item(1, 'failed'), item(2, 'completed')]);
    expect(retry).toEqual({
      rows: 2,
      layouts: null,
      items: [
        { rowIndex: 0, layout: null, variables: { title: 'Row 1' } },
        { rowIndex: 1, layout: null, variables: { title: 'Row 3' } },
      ],
    });
  });

  it('renders a row again only in the sizes it failed in; the batch keeps the failed layouts in its own order', () => {
    const retry = failedItemsToRetry({ layouts: ['default', 'square', 'story'] }, [
      item(0, 'completed', 'default'),
      item(0, 'failed', 'square'),
      item(0, 'completed', 'story'),
      item(1, 'failed', 'default'),
      item(1, 'failed', 'square'),
      item(1, 'completed', 'story'),
    ]);
    expect(retry).toEqual({
      rows: 2,
      layouts: ['default', 'square'],
      items: [
        { rowIndex: 0, layout: 'square', variables: { title: 'Row 0' } },
        { rowIndex: 1, layout: 'default', variables: { title: 'Row 1' } },
        { rowIndex: 1, layout: 'square', variables: { title: 'Row 1' } },
      ],
    });
  });
});
