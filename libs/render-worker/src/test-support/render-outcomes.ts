import { CATALOG, type RenderCompletedEvent, type RenderFailedEvent, type RenderOutcome } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { waitFor } from '@pressroom/testing';

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
 * `everyMs` until it gives a value (waitFor of @pressroom/testing), for at most `timeoutMs` (or a call's own).
 */
export function poller(options: { timeoutMs: number; everyMs: number }) {
  return <T>(read: () => T | undefined | Promise<T | undefined>, what = 'the value', timeoutMs = options.timeoutMs) =>
    waitFor(read, what, timeoutMs, { everyMs: options.everyMs });
}
