import { createLogger } from '@pressroom/telemetry';
import { waitFor } from '@pressroom/testing';
import { z } from 'zod';
import type { CommandSubject } from '@pressroom/contracts';
import { createBus, createMemoryBus, type Delivery } from './index.js';

// What only the in-process transport has: its own knobs. Shared semantics live in bus.contract.test.ts.
const logger = createLogger({ service: 'bus-test', level: 'silent' });
const Note = z.object({ text: z.string(), at: z.string().optional() });
const note: CommandSubject<z.infer<typeof Note>> = {
  kind: 'command',
  name: 'memtest.note',
  subject: 'memtest.note',
  stream: 'MEMTEST',
  schema: Note,
  durable: 'notes',
  ackWaitMs: 1_000,
  maxDeliver: 3,
};

describe('memory bus', () => {
  it('forgets a msgId once the de-duplication window has passed', async () => {
    const bus = createMemoryBus({ dedupeWindowMs: 100, logger });
    expect((await bus.publish(note, { text: 'a' }, { msgId: 'n1' })).duplicate).toBe(false);
    expect((await bus.publish(note, { text: 'b' }, { msgId: 'n1' })).duplicate).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await bus.publish(note, { text: 'c' }, { msgId: 'n1' })).duplicate).toBe(false);
    const texts: string[] = [];
    const sub = await bus.consume(note, async (d) => {
      texts.push(d.data.text);
    });
    await waitFor(() => texts.length >= 2, 'both kept messages delivered');
    expect(texts).toEqual(['a', 'c']);
    await sub.stop();
    await bus.close();
  });

  it('hands every delivery its own copy of the payload', async () => {
    const bus = createMemoryBus({ logger });
    const payload = { text: 'original' };
    await bus.publish(note, payload);
    payload.text = 'changed by the producer';
    const seen: Array<Delivery<z.infer<typeof Note>>> = [];
    const sub = await bus.consume(note, async (d) => {
      seen.push(d);
      if (d.deliveryCount === 1) {
        d.data.text = 'changed by the consumer';
        await d.nak(); // at once (a throw would wait out the retry back-off)
      }
    });
    await waitFor(() => seen.length >= 2, 'the redelivery');
    expect(seen.map((d) => d.deliveryCount)).toEqual([1, 2]);
    expect(seen[1]!.data.text).toBe('original');
    await sub.stop();
    await bus.close();
  });

  it('createBus picks memory without a NATS URL', async () => {
    const bus = await createBus({ logger });
    expect(bus.transport).toBe('memory');
    await bus.close();
  });
});
