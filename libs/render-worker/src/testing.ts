import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG, type RenderOutcome } from '@pressroom/contracts';
import { createMemoryBus } from '@pressroom/bus';
import { insertUnchargedRender, openDatabase } from '@pressroom/db';
import { createDiskStorage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import type { RenderCommandBase, RenderJobDeps, RenderKind } from './render-job.js';

/** The fields every render command carries, for a render of HTML. */
export type HarnessCommand = Omit<RenderCommandBase, 'origin'> & { origin: 'html'; requestedAt: string };

/**
 * What a renderer's own tests need around its handler: the in-process bus,
 * PGlite and disk storage (real parts, nothing of ours mocked), a queued
 * render row per command, and the outcome on `render.done.<id>`.
 */
export interface RenderHarness {
  deps: RenderJobDeps;
  /** Inserts a queued render row; returns the fields every render command carries. */
  newRender(kind: RenderKind, extension: string): Promise<HarnessCommand>;
  /** The render's outcome, as the gateway would hear it. */
  outcome(renderId: string, timeoutMs?: number): Promise<RenderOutcome>;
  /** The stored file of a finished render. */
  file(outcome: RenderOutcome): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startRenderHarness(): Promise<RenderHarness> {
  // RENDER_HARNESS_LOG=debug shows the lifecycle's log when a test fails.
  const logger = createLogger({ service: 'render-harness', level: process.env.RENDER_HARNESS_LOG ?? 'silent' });
  const bus = createMemoryBus({ logger });
  const db = await openDatabase({});
  const dir = await mkdtemp(join(tmpdir(), 'render-harness-'));
  const storage = await createDiskStorage({ dir, fsync: false });
  const outcomes = new Map<string, RenderOutcome>();
  const waiting = new Map<string, (outcome: RenderOutcome) => void>();
  await bus.listen(CATALOG.renderDone, '*', (outcome) => {
    outcomes.set(outcome.renderId, outcome);
    waiting.get(outcome.renderId)?.(outcome);
  });

  return {
    deps: { bus, db, storage, logger },
    async newRender(kind, extension) {
      const renderId = `rnd_${randomUUID()}`;
      await insertUnchargedRender(db, {
        id: renderId,
        ownerId: 'own_test',
        accountId: 'acc_test',
        kind,
        origin: 'html',
        templateId: null,
        format: extension,
        width: 1,
        height: 1,
      });
      const storageKey = `renders/${renderId}.${extension}`;
      return {
        renderId,
        accountId: 'acc_test',
        ownerId: 'own_test',
        origin: 'html' as const,
        templateId: null,
        output: { storageKey, url: `http://files.test/${storageKey}` },
        requestedAt: new Date().toISOString(),
      };
    },
    outcome(renderId, timeoutMs = 60_000) {
      const known = outcomes.get(renderId);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no outcome for ${renderId} within ${timeoutMs} ms`)), timeoutMs);
        waiting.set(renderId, (outcome) => {
          clearTimeout(timer);
          waiting.delete(renderId);
          resolve(outcome);
        });
      });
    },
    async file(outcome) {
      if (outcome.status !== 'done') throw new Error(`render failed: ${JSON.stringify(outcome.problem)}`);
      const stored = await storage.get(outcome.storageKey);
      if (!stored) throw new Error(`${outcome.storageKey} is not stored`);
      return stored.bytes;
    },
    async close() {
      await bus.close({ graceMs: 0 });
      await db.close();
      await storage.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
