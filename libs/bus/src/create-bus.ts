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
  /** Replicas of every JetStream stream (PRESSROOM_NATS_REPLICAS; NATS only). */
  replicas?: number;
}

/** NATS when a URL is configured, in-process otherwise. */
export async function createBus(options: CreateBusOptions): Promise<Bus> {
  const { natsUrl, namespace, logger, name, replicas } = options;
  if (natsUrl) return createNatsBus({ url: natsUrl, namespace, logger, name, replicas });
  return createMemoryBus({ namespace, logger });
}
