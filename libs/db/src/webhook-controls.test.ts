import {
  claimDueWebhookDeliveries,
  enqueueTestDelivery,
  enqueueWebhookDeliveries,
  getWebhookSubscription,
  insertWebhookSubscription,
  listDeliveryLog,
  recordWebhookAttempt,
  redeliverWebhookDelivery,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe.each(ENGINES)('the webhook delivery log on %s', (engine) => {
  const db = useDatabase(engine);
  /** A render.completed subscription of `ownerId`'s, to hang deliveries on. */
  const subscribe = (ownerId: string) =>
    insertWebhookSubscription(db(), {
      uid: unique('whk'),
      ownerId,
      accountId: ownerId,
      event: 'render.completed',
      targetUrl: 'https://hooks.example/in',
      platform: 'custom',
      secretCiphertext: 'sealed',
    });

  it('marks test events, and redeliveries of them, apart from real events', async () => {
    const ownerId = unique('acc');
    const { uid } = await subscribe(ownerId);
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
    // Each redelivery names the delivery it repeats; an event's own delivery and a test event name none.
    const redeliveryOf = Object.fromEntries(items.map((d) => [d.id, d.redeliveryOf]));
    expect(redeliveryOf).toEqual({ [real!]: null, [test!]: null, [again!]: test, [realAgain!]: real });
  });

  it("records each attempt's time with its outcome: none before the first, the retry's after a failure, not by an attempt taken over", async () => {
    const ownerId = unique('acc');
    const { uid } = await subscribe(ownerId);
    const id = await enqueueTestDelivery(db(), { ownerId, uid });
    const entry = async () => (await listDeliveryLog(db(), { subscriptionUid: uid, limit: 10 })).items.find((d) => d.id === id);
    expect(await entry()).toMatchObject({ state: 'pending', attempt: 0, lastAttemptAt: null });

    // Claimed and in flight: no outcome yet, so no attempt time.
    const claim = async (now: Date) =>
      (await claimDueWebhookDeliveries(db(), { now, limit: 1000, leaseMs: 60_000 })).find((d) => d.id === id);
    expect(await claim(new Date())).toMatchObject({ attempt: 1 });
    expect(await entry()).toMatchObject({ state: 'sending', attempt: 1, lastAttemptAt: null });

    const failedAt = new Date(Date.now() - 60_000);
    const retryAt = new Date(Date.now() - 1_000);
    await recordWebhookAttempt(db(), {
      id: id!,
      attempt: 1,
      at: failedAt,
      ok: false,
      responseCode: 500,
      error: 'HTTP 500',
      nextAttemptAt: retryAt,
    });
    expect(await entry()).toMatchObject({ state: 'pending', attempt: 1, lastAttemptAt: failedAt, nextRetryAt: retryAt, responseCode: 500 });
    const created = (await entry())!.createdAt;

    // The retry's claim lapses and another dispatcher takes it over: the first one's late outcome records nothing.
    expect(await claim(new Date())).toMatchObject({ attempt: 2 });
    expect(await claim(new Date(Date.now() + 61_000))).toMatchObject({ attempt: 3 });
    const lateAt = new Date();
    expect(
      await recordWebhookAttempt(db(), { id: id!, attempt: 2, at: lateAt, ok: true, responseCode: 200, error: null, nextAttemptAt: null }),
    ).toEqual({ recorded: false, disabled: false });
    expect(await entry()).toMatchObject({ state: 'sending', attempt: 3, lastAttemptAt: failedAt });

    const deliveredAt = new Date(Date.now() + 1_000);
    await recordWebhookAttempt(db(), {
      id: id!,
      attempt: 3,
      at: deliveredAt,
      ok: true,
      responseCode: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(await entry()).toMatchObject({
      state: 'delivered',
      attempt: 3,
      lastAttemptAt: deliveredAt,
      nextRetryAt: null,
      createdAt: created,
    });
  });

  it("counts a test delivery's attempt on its subscription like a real one's: the counts and the log agree", async () => {
    const ownerId = unique('acc');
    const { uid } = await insertWebhookSubscription(db(), {
      uid: unique('whk'),
      ownerId,
      accountId: ownerId,
      event: 'render.failed',
      targetUrl: 'https://hooks.example/in',
      platform: 'custom',
      secretCiphertext: 'sealed',
    });
    const test = await enqueueTestDelivery(db(), { ownerId, uid });
    // The dispatcher's steps: claim what is due (other tests' rows too: only this one is recorded), send, record.
    const claimed = (await claimDueWebhookDeliveries(db(), { now: new Date(), limit: 1000, leaseMs: 60_000 })).find((d) => d.id === test);
    expect(claimed).toMatchObject({ subscriptionUid: uid, attempt: 1 });
    const at = new Date();
    expect(
      await recordWebhookAttempt(db(), { id: test!, attempt: 1, at, ok: true, responseCode: 200, error: null, nextAttemptAt: null }),
    ).toEqual({ recorded: true, disabled: false });

    const { items } = await listDeliveryLog(db(), { subscriptionUid: uid, limit: 10 });
    expect(items).toEqual([expect.objectContaining({ id: test, state: 'delivered', test: true, attempt: 1, responseCode: 200 })]);
    expect(await getWebhookSubscription(db(), { ownerId, uid })).toMatchObject({
      deliveryCount: 1,
      failureCount: 0,
      lastDeliveryAt: at,
      lastDelivery: { deliveryId: test, status: 'success', responseCode: 200, attempt: 1 },
    });
  });
});
