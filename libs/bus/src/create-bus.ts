import type { Logger } from '@pressroom/telemetry';
import type { Bus } from './bus.js';
import { createMemoryBus } from './memory/memory-bus.js';
import { createNatsBus } from './nats/nats-bus.js';

export interface CreateBusOptions {
  /** NATS server URL; without it the bus is in-process (the embedded mode). */
  natsUrl?: string;
  namespace?: string;
  logger?: Logger;
  /** Connection name shown by the NATS server. */
  name?: string;
}

/** NATS when a URL is configured, in-process otherwise. */
export async function createBus(options: CreateBusOptions): Promise<Bus> {
  const { natsUrl, namespace, logger, name } = options;
  if (natsUrl) return createNatsBus({ url: natsUrl, namespace, logger, name });
  return createMemoryBus({ namespace, logger });
}
