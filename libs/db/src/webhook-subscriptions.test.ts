import {
  deleteWebhookSubscription,
  enqueueWebhookDeliveries,
  insertWebhookSubscription,
  listActiveWebhookRoutes,
  listWebhookDeliveries,
  pauseWebhookSubscription,
  setWebhookSubscriptionStatus,
  updateWebhookSubscription,
  type NewWebhookDelivery,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

describe.each(ENGINES)('webhook subscriptions on %s', (engine) => {
  const db = useDatabase(engine);

  const subscribe = (ownerId: string, event = 'render.completed', filters?: { templateId?: string; type?: string }) =>
    insertWebhookSubscription(db(), {
      uid: unique('whk'),
      ownerId,
      accountId: ownerId,
      event,
      targetUrl: 'https://hooks.example/in',
      platform: 'custom',
      filters,
      secretCiphertext: 'sealed',
    });

  const delivery = (ownerId: string, subscriptionUid: string | null): NewWebhookDelivery => ({
    id: unique('whd'),
    subscriptionUid,
    batchId: subscriptionUid ? null : unique('bat'),
    ownerId,
    event: 'render.completed',
    targetUrl: subscriptionUid ? null : 'https://hooks.example/batch',
    dedupeKey: unique('key'),
    payload: '{}',
    nextAttemptAt: new Date(),
  });

  it('lists the owner’s active subscriptions with what matching needs, and only those', async () => {
    const owner = unique('acc');
    const all = await subscribe(owner, 'render.completed', { templateId: 'tpl_1', type: 'image' });
    const failedEvent = await subscribe(owner, 'render.failed');
    const paused = await subscribe(owner);
    const disabled = await subscribe(owner);
    await subscribe(unique('acc'));
    await pauseWebhookSubscription(db(), { ownerId: owner, uid: paused.uid });
    await setWebhookSubscriptionStatus(db(), { uid: disabled.uid, status: 'failed' });

    const routes = await listActiveWebhookRoutes(db(), owner);
    expect(routes.sort((a, b) => a.event.localeCompare(b.event))).toEqual([
      { uid: all.uid, event: 'render.completed', filters: { templateId: 'tpl_1', type: 'image' } },
      { uid: failedEvent.uid, event: 'render.failed', filters: {} },
    ]);
    await updateWebhookSubscription(db(), { ownerId: owner, uid: all.uid, patch: { filters: null } });
    expect((await listActiveWebhookRoutes(db(), owner)).find((r) => r.uid === all.uid)?.filters).toEqual({});
    expect(await listActiveWebhookRoutes(db(), unique('acc'))).toEqual([]);
  });

  it('stores no delivery for a subscription deleted, paused or disabled since it was matched; batch deliveries always', async () => {
    const owner = unique('acc');
    const [active, deleted, paused, disabled] = await Promise.all([subscribe(owner), subscribe(owner), subscribe(owner), subscribe(owner)]);
    await deleteWebhookSubscription(db(), { ownerId: owner, uid: deleted.uid });
    await pauseWebhookSubscription(db(), { ownerId: owner, uid: paused.uid });
    await setWebhookSubscriptionStatus(db(), { uid: disabled.uid, status: 'failed' });

    const rows = [active, deleted, paused, disabled].map((s) => delivery(owner, s.uid));
    const batch = delivery(owner, null);
    const inserted = await enqueueWebhookDeliveries(db(), [...rows, batch]);
    expect(inserted.sort()).toEqual([rows[0]!.id, batch.id].sort());
    for (const s of [deleted, paused, disabled]) expect(await listWebhookDeliveries(db(), { subscriptionUid: s.uid })).toEqual([]);
    expect(await listWebhookDeliveries(db(), { subscriptionUid: active.uid })).toEqual([
      expect.objectContaining({ id: rows[0]!.id, state: 'pending', attempt: 0, payload: '{}' }),
    ]);
    expect(await listWebhookDeliveries(db(), { batchId: batch.batchId! })).toEqual([expect.objectContaining({ id: batch.id })]);

    // The same dedupe key again (a redelivered event) stores nothing new.
    expect(await enqueueWebhookDeliveries(db(), [{ ...rows[0]!, id: unique('whd') }])).toEqual([]);
    expect(await enqueueWebhookDeliveries(db(), [])).toEqual([]);
  });
});
