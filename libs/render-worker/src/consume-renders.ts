import type { Bus, DeliveryHandler } from '@pressroom/bus';
import type { CommandSubject } from '@pressroom/contracts';
import type { BrowserPool } from '@pressroom/browser';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';

/** What a renderer service gives its runner: health for /readyz, and a stop that lets in-flight renders settle. */
export interface RendererService {
  health(): Record<string, ComponentHealth>;
  stop(): Promise<void>;
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
  const subscription = await options.bus.consume(options.subject, options.handler, { concurrency: options.concurrency });
  options.logger.info({ concurrency: options.concurrency }, `${options.service} service consuming ${options.subject.name}`);
  return {
    health: () => options.health(),
    stop: () => subscription.stop(),
  };
}

/**
 * The service, whose stop also closes what it renders with (its browser pool, its video renderer),
 * once its consumer has ended: nothing in flight is left without it.
 */
export function closingWith(service: RendererService, close: () => Promise<void>): RendererService {
  return {
    health: () => service.health(),
    async stop() {
      await service.stop();
      await close();
    },
  };
}

/** A browser pool's health as a component of /readyz: ok only while the browser really is. */
export function browserHealth(pool: BrowserPool): ComponentHealth {
  const health = pool.health();
  return { ...health, ok: health.status === 'ok' };
}
