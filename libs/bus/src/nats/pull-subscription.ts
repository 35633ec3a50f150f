import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { Logger } from '@pressroom/telemetry';
import type { z } from 'zod';
import type { DeliveryHandler, StopOptions, Subscription } from '../bus.js';
import { InFlight, TrackedDelivery, logUnfinished, runDelivery } from '../delivery.js';
import { MSG_ID_HEADER } from '../headers.js';
import { decodeText, fromJson } from '../payload.js';
import { fromNatsHeaders } from './nats-headers.js';

export interface PullSubscriptionOptions<T> {
  consumer: Consumer;
  /** The catalog subject (what Delivery.subject reports). */
  subject: string;
  schema: z.ZodType<T>;
  handler: DeliveryHandler<T>;
  concurrency: number;
  logger: Logger;
}

/** How long one pull request waits on the server for a message. */
const PULL_EXPIRES_MS = 30_000;
const RETRY_AFTER_ERROR_MS = 1_000;

/**
 * Consume a durable pull consumer with `concurrency` slots. Each idle slot
 * holds exactly one pull request for one message, so a process never holds
 * messages it has not started (their ack wait would run out while they wait,
 * and a competing process would get them twice).
 */
export function startPullSubscription<T>(options: PullSubscriptionOptions<T>): Subscription {
  const { consumer, logger } = options;
  const inFlight = new InFlight();
  const pulls = new Set<ConsumerMessages>();
  let stopped = false;

  const handle = async (msg: JsMsg): Promise<void> => {
    const headers = fromNatsHeaders(msg.headers);
    let data: T;
    try {
      data = fromJson(options.subject, options.schema, decodeText(msg.data));
    } catch (err) {
      logger.error({ err, subject: options.subject, seq: msg.seq }, 'bus message fails its schema; terminated');
      msg.term();
      return;
    }
    const delivery = new TrackedDelivery<T>(
      { subject: options.subject, data, headers, deliveryCount: msg.info.deliveryCount, msgId: headers[MSG_ID_HEADER] },
      {
        ack: () => msg.ack(),
        nak: (delayMs) => msg.nak(delayMs),
        working: () => msg.working(),
        term: () => msg.term(),
      },
    );
    await inFlight.track(delivery, runDelivery(delivery, options.handler, logger));
  };

  const pullOne = async (): Promise<JsMsg | undefined> => {
    const pull = await consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
    pulls.add(pull);
    try {
      // The first message is all a one-message pull holds; returning early closes the iterator.
      // eslint-disable-next-line no-unreachable-loop
      for await (const msg of pull) return msg;
      return undefined;
    } finally {
      pulls.delete(pull);
    }
  };

  const slot = async (): Promise<void> => {
    while (!stopped) {
      let msg: JsMsg | undefined;
      try {
        msg = await pullOne();
      } catch (err) {
        if (stopped) return;
        logger.warn({ err, subject: options.subject }, 'bus pull failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_ERROR_MS));
        continue;
      }
      if (!msg) continue;
      if (stopped) {
        // Arrived as we stopped: hand it back at once instead of after the ack wait.
        msg.nak();
        return;
      }
      await handle(msg);
    }
  };

  const slots = Array.from({ length: Math.max(1, options.concurrency) }, () => slot());

  return {
    async stop(stopOptions?: StopOptions) {
      if (stopped) return;
      stopped = true;
      await Promise.all([...pulls].map((pull) => pull.close().catch(() => undefined)));
      const unfinished = await inFlight.drain(stopOptions);
      if (unfinished > 0) logUnfinished(logger, options.subject, unfinished, stopOptions);
      void Promise.allSettled(slots);
    },
  };
}
