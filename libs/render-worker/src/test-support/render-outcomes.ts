import { CATALOG, type RenderCompletedEvent, type RenderFailedEvent, type RenderOutcome } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';

/**
 * Records what the gateway and webhook subscribers would hear of each render: every outcome on
 * render.done.<id> into `outcomes` and, where `events` is given, every render.completed and
 * render.failed event (as the consumer group `events.group`).
 */
export async function recordRenders(
  bus: Bus,
  options: {
    outcomes: Map<string, RenderOutcome[]>;
    events?: { completed: RenderCompletedEvent[]; failed: RenderFailedEvent[]; group: string };
  },
): Promise<void> {
  const { outcomes, events } = options;
  if (events) await bus.ensure([CATALOG.renderCompleted, CATALOG.renderFailed]);
  await bus.listen(CATALOG.renderDone, '*', (outcome) => {
    outcomes.set(outcome.renderId, [...(outcomes.get(outcome.renderId) ?? []), outcome]);
  });
  if (!events) return;
  await bus.subscribeEvents(CATALOG.renderCompleted, async (d) => void events.completed.push(d.data), { group: events.group });
  await bus.subscribeEvents(CATALOG.renderFailed, async (d) => void events.failed.push(d.data), { group: events.group });
}

/**
 * A wait for a value that arrives from elsewhere (a bus, another worker): `read` is polled every
 * `everyMs` until it gives something other than undefined, for at most `timeoutMs` (or a call's own).
 */
export function poller(options: { timeoutMs: number; everyMs: number }) {
  return async function until<T>(
    read: () => T | undefined | Promise<T | undefined>,
    what = 'the value',
    timeoutMs = options.timeoutMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    }
  };
}
