import { DEFAULT_GRACE_MS, type Bus, type DeliveryHandler } from '@pressroom/bus';
import type { CommandSubject } from '@pressroom/contracts';
import type { BrowserPool } from '@pressroom/browser';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { inRenderScope, type RenderScope, type ShutdownCut } from './hand-back.js';

export interface RendererStopOptions {
  /**
   * How long the renders in flight may take to finish (the service's shutdown grace; default
   * DEFAULT_GRACE_MS of libs/bus). Those still running then are handed back to the bus.
   */
  graceMs?: number;
  /**
   * Renders still running when the grace is over: 'handed-back' (their commands go back to the bus for
   * another renderer; the default on NATS) or 'ended' (they end as 503 service-unavailable, to retry;
   * the default on the in-process bus, whose queue stops with its process: nobody would take them).
   */
  unfinished?: ShutdownCut;
}

/** What a renderer service gives its runner: health for /readyz, and a stop that lets in-flight renders settle. */
export interface RendererService {
  health(): Record<string, ComponentHealth>;
  /**
   * Stop taking commands at once, let the renders in flight finish within the grace, and hand
   * the commands of those still running back to the bus (nak: another renderer takes them now;
   * nothing is failed; see `unfinished`). Resolves when every render finished or was cut.
   */
  stop(options?: RendererStopOptions): Promise<void>;
}

export interface ConsumeRendersOptions<T> {
  /** The service's name in the log line. */
  service: string;
  subject: CommandSubject<T>;
  handler: DeliveryHandler<T>;
  bus: Bus;
  logger: Logger;
  /** Commands taken at once: a browser renderer takes as many as it has warm pages. */
  concurrency: number;
  health(): Record<string, ComponentHealth>;
}

/**
 * The one way a renderer (image, gif, pdf, video) starts taking its commands
 * off the bus: one durable consumer on its subject, and a service whose stop
 * ends that consumer.
 */
export async function consumeRenders<T>(options: ConsumeRendersOptions<T>): Promise<RendererService> {
  const { logger, service } = options;
  // Every render runs in a scope of its own: the stop marks those it handed back (hand-back.ts).
  const running = new Set<RenderScope>();
  const handler: DeliveryHandler<T> = (delivery) => {
    const scope: RenderScope = { renderId: renderIdOf(delivery.data), cut: null };
    running.add(scope);
    return inRenderScope(scope, () => options.handler(delivery)).finally(() => running.delete(scope));
  };
  const subscription = await options.bus.consume(options.subject, handler, { concurrency: options.concurrency });
  logger.info({ concurrency: options.concurrency }, `${service} service consuming ${options.subject.name}`);
  return {
    health: () => options.health(),
    async stop(stopOptions = {}) {
      const graceMs = stopOptions.graceMs ?? DEFAULT_GRACE_MS;
      const unfinished = stopOptions.unfinished ?? (options.bus.transport === 'memory' ? 'ended' : 'handed-back');
      if (running.size > 0) logger.info({ renders: running.size, graceMs }, `${service} service stopping: finishing the renders in flight`);
      await subscription.stop({ graceMs, unfinished: 'hand-back' });
      // Still running now: the bus has their commands back. Whatever they fail with once their browser
      // closes is our shutdown's doing, not their input's (render-problem.ts).
      for (const scope of running) {
        scope.cut = unfinished;
        logger.warn(
          { renderId: scope.renderId, graceMs },
          unfinished === 'handed-back'
            ? 'render still running when the shutdown grace ran out: handed back for another renderer'
            : 'render still running when the shutdown grace ran out: it ends as service-unavailable (nobody else takes it)',
        );
      }
    },
  };
}

function renderIdOf(data: unknown): string | undefined {
  const id = (data as { renderId?: unknown } | null)?.renderId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The service, whose stop also closes what it renders with (its browser pool, its video renderer),
 * once its consumer has ended: every render either finished or was handed back by then.
 */
export function closingWith(service: RendererService, close: () => Promise<void>): RendererService {
  return {
    health: () => service.health(),
    async stop(options) {
      await service.stop(options);
      await close();
    },
  };
}

/** A browser pool's health as a component of /readyz: ok only while the browser really is. */
export function browserHealth(pool: BrowserPool): ComponentHealth {
  const health = pool.health();
  return { ...health, ok: health.status === 'ok' };
}
