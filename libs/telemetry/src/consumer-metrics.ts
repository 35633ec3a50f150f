import type { ObservableGauge } from '@opentelemetry/api';
import { getMeter } from './metrics.js';

/** A JetStream consumer's backlog: messages not yet delivered, and delivered but not yet acknowledged. */
export interface ConsumerLag {
  pending: number;
  ackPending: number;
}

const consumers = new Map<string, { stream: string; consumer: string; read: () => Promise<ConsumerLag> }>();
let gauges: { pending: ObservableGauge; ackPending: ObservableGauge } | undefined;

function register(): NonNullable<typeof gauges> {
  const meter = getMeter();
  const created = {
    pending: meter.createObservableGauge('jetstream_consumer_pending_messages', {
      description: 'Messages in the stream not yet delivered to the consumer',
    }),
    ackPending: meter.createObservableGauge('jetstream_consumer_ack_pending_messages', {
      description: 'Messages delivered to the consumer and not yet acknowledged',
    }),
  };
  meter.addBatchObservableCallback(
    async (result) => {
      // Read at scrape time; a consumer the server cannot describe right now is left out of this scrape, not reported as 0.
      await Promise.all(
        [...consumers.values()].map(async ({ stream, consumer, read }) => {
          const lag = await read().catch(() => null);
          if (!lag) return;
          result.observe(created.pending, lag.pending, { stream, consumer });
          result.observe(created.ackPending, lag.ackPending, { stream, consumer });
        }),
      );
    },
    [created.pending, created.ackPending],
  );
  return created;
}

/** Reports a consumer's lag (what KEDA scales on) until the returned function is called. */
export function watchConsumerLag(stream: string, consumer: string, read: () => Promise<ConsumerLag>): () => void {
  gauges ??= register();
  const key = `${stream}/${consumer}`;
  const entry = { stream, consumer, read };
  consumers.set(key, entry);
  return () => {
    if (consumers.get(key) === entry) consumers.delete(key);
  };
}
