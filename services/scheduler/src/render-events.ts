import type { RenderCompletedEvent, RenderFailedEvent } from '@pressroom/contracts';
import type { Delivery } from '@pressroom/bus';
import { settleBatchItem, type Db } from '@pressroom/db';
import type { BatchPump } from './batch-pump.js';

/** Renders of binding refreshes settle their binding (bindings/binding-render-events.ts). */
export interface BindingOutcomeHooks {
  completed(data: RenderCompletedEvent['data']): Promise<void>;
  failed(data: RenderFailedEvent['data']): Promise<void>;
}

/**
 * Render outcomes advance batches: the item rendering that render id is
 * settled (once; a repeated event changes nothing) and its batch pumped,
 * which starts the next item or finishes the batch.
 */
export function renderCompletedHandler(deps: { db: Db; pump: BatchPump; now: () => Date; bindings?: BindingOutcomeHooks | undefined }) {
  return async (delivery: Delivery<RenderCompletedEvent>): Promise<void> => {
    const { data } = delivery.data;
    if (data.source === 'binding') return deps.bindings?.completed(data);
    if (data.source !== 'batch') return;
    const batchId = await settleBatchItem(deps.db, {
      renderId: data.imageId,
      outcome: { ok: true, url: data.url, width: data.width, height: data.height },
      at: deps.now(),
    });
    if (batchId) await deps.pump.pump(batchId);
  };
}

export function renderFailedHandler(deps: { db: Db; pump: BatchPump; now: () => Date; bindings?: BindingOutcomeHooks | undefined }) {
  return async (delivery: Delivery<RenderFailedEvent>): Promise<void> => {
    const { data } = delivery.data;
    await deps.bindings?.failed(data);
    const batchId = await settleBatchItem(deps.db, {
      renderId: data.renderId,
      outcome: { ok: false, error: data.error, errorCode: data.errorCode },
      at: deps.now(),
    });
    if (batchId) await deps.pump.pump(batchId);
  };
}
