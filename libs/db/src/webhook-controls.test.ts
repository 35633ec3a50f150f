import {
  enqueueTestDelivery,
  enqueueWebhookDeliveries,
  insertWebhookSubscription,
  listDeliveryLog,
  redeliverWebhookDelivery,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe.each(ENGINES)('the webhook delivery log on %s', (engine) => {
  const db = useDatabase(engine);

  it('marks test events, and redeliveries of them, apart from real events', async () => {
    const ownerId = unique('acc');
    const { uid } = await insertWebhookSubscription(db(), {
      uid: unique('whk'),
      ownerId,
      accountId: ownerId,
      event: 'render.completed',
      targetUrl: 'https://hooks.example/in',
      platform: 'custom',
      secretCiphertext: 'sealed',
    });
    const [real] = await enqueueWebhookDeliveries(db(), [
      {
        id: unique('whd'),
        subscriptionUid: uid,
        batchId: null,
        ownerId,
        event: 'render.completed',
        targetUrl: null,
        dedupeKey: unique('key'),
        payload: JSON.stringify({ event: 'render.completed', timestamp: new Date().toISOString(), data: { type: 'image' } }),
        nextAttemptAt: new Date(),
      },
    ]);
    const test = await enqueueTestDelivery(db(), { ownerId, uid });
    const again = await redeliverWebhookDelivery(db(), { ownerId, deliveryId: test! });
    const realAgain = await redeliverWebhookDelivery(db(), { ownerId, deliveryId: real! });

    const { items } = await listDeliveryLog(db(), { subscriptionUid: uid, limit: 10 });
    const testOf = Object.fromEntries(items.map((d) => [d.id, d.test]));
    expect(testOf).toEqual({ [real!]: false, [test!]: true, [again!]: true, [realAgain!]: false });
    expect(items.every((d) => d.state === 'pending' && d.event === 'render.completed')).toBe(true);
  });
});
