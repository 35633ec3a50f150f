import { CATALOG, newId } from '@pressroom/contracts';
import {
  countBatchItems,
  finishBatchIfDone,
  getBatchById,
  getTemplate,
  markBatchAnnounced,
  startNextBatchItems,
  type BatchRow,
  type Db,
} from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';
import { startItem, type ItemRenderDeps } from './item-render.js';
import { finishedBatches } from './scheduler-metrics.js';

export interface PumpDeps extends ItemRenderDeps {
  db: Db;
  logger: Logger;
}

const FINAL = new Set(['completed', 'partial', 'failed', 'cancelled']);

/**
 * Moves batches forward. `pump(batchId)` starts as many items as the batch's
 * concurrency leaves room for (the count of items `rendering` lives in the
 * database, under the batch's row lock, so the cap holds across processes),
 * finishes the batch when nothing is left, and announces `batch.completed`.
 * Pumps of one batch run one at a time in this process; a pump asked for
 * while one runs runs again right after.
 */
export class BatchPump {
  readonly #deps: PumpDeps;
  readonly #running = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();

  constructor(deps: PumpDeps) {
    this.#deps = deps;
  }

  pump(batchId: string): Promise<void> {
    const running = this.#running.get(batchId);
    if (running) {
      this.#again.add(batchId);
      return running;
    }
    const run = (async () => {
      try {
        do {
          this.#again.delete(batchId);
          await this.#pumpOnce(batchId);
        } while (this.#again.has(batchId));
      } finally {
        this.#running.delete(batchId);
      }
    })();
    this.#running.set(batchId, run);
    return run;
  }

  /** Wait for every pump in progress (shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#running.values()]);
  }

  async #pumpOnce(batchId: string): Promise<void> {
    const { db, logger, now } = this.#deps;
    for (;;) {
      const started = await startNextBatchItems(db, { batchId, at: now(), newRenderId: () => newId('img') });
      if (!started) {
        await this.announceIfFinal(batchId);
        return;
      }
      const { batch, items } = started;
      if (items.length === 0) {
        const finished = await finishBatchIfDone(db, { batchId, at: now() });
        if (finished) await this.announce(finished);
        return;
      }
      const template = await getTemplate(db, { ownerId: batch.ownerId, uid: batch.templateId });
      let freed = false;
      for (const item of items) {
        if (!(await startItem(this.#deps, batch, item, template))) freed = true;
      }
      logger.debug({ batchId, started: items.length }, 'batch items started');
      // Items that failed at once left their slots free: fill them.
      if (!freed) return;
    }
  }

  async announceIfFinal(batchId: string): Promise<void> {
    const batch = await getBatchById(this.#deps.db, batchId);
    if (batch && FINAL.has(batch.status) && batch.announcedAt === null) await this.announce(batch);
  }

  /** Emit `batch.completed` once per batch (message id = batch id), then record it. */
  async announce(batch: BatchRow): Promise<void> {
    const counts = await countBatchItems(this.#deps.db, batch.id);
    await this.#deps.bus.emit(
      CATALOG.batchCompleted,
      {
        event: 'batch.completed',
        timestamp: (batch.completedAt ?? this.#deps.now()).toISOString(),
        ownerId: batch.ownerId,
        templateId: batch.templateId,
        data: {
          batchId: batch.id,
          status: batch.status as 'completed' | 'partial' | 'failed' | 'cancelled',
          totalCount: batch.totalItems,
          completedCount: counts.completed,
          failedCount: counts.failed,
        },
      },
      { msgId: `${batch.id}:completed` },
    );
    await markBatchAnnounced(this.#deps.db, { id: batch.id, at: this.#deps.now() });
    this.#deps.logger.info({ batchId: batch.id, status: batch.status, ...counts }, 'batch finished');
    finishedBatches.add(1, { status: batch.status });
  }
}
