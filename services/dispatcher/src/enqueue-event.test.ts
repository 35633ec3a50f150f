import { deliveredEventsOf, envelopeOf } from './enqueue-event.js';

const completed = (status: string) => ({
  event: 'batch.completed',
  timestamp: '2026-01-01T00:00:00.000Z',
  ownerId: 'acc_1',
  templateId: 'tpl_1',
  data: { batchId: 'bat_1', status, totalCount: 2, completedCount: 0, failedCount: 2 },
});

describe('deliveredEventsOf', () => {
  it('adds batch.failed beside batch.completed when every item failed, with the same data', () => {
    const events = deliveredEventsOf(completed('failed'));
    expect(events.map((e) => e.event)).toEqual(['batch.completed', 'batch.failed']);
    expect(JSON.parse(envelopeOf(events[1]!))).toEqual({
      event: 'batch.failed',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: { batchId: 'bat_1', status: 'failed', totalCount: 2, completedCount: 0, failedCount: 2 },
    });
  });

  it('delivers other batches and events as they are', () => {
    for (const status of ['completed', 'partial', 'cancelled']) {
      expect(deliveredEventsOf(completed(status)).map((e) => e.event)).toEqual(['batch.completed']);
    }
  });
});
