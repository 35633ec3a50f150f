import { startPageServer, startTestStack, type TestStack } from './harness.js';
import { waitFor } from '@pressroom/testing';
import { dashboardSession, recordInto, sleep, type Received } from './webhook-support.js';

describe('dashboard webhook controls (memory+pglite)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startPageServer>>;
  const received: Received[] = [];
  let failing = true;

  beforeAll(async () => {
    receiver = await startPageServer({ '/hook': recordInto(received, () => (failing ? 500 : 200)) });
    stack = await startTestStack('memory+pglite', {
      withImageService: false,
      webhooks: { retryScheduleMs: [100], timeoutMs: 1_500, pollMs: 40 },
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    await receiver?.close();
  });

  it('pause/resume in the dashboard only, delivery log, test event, redeliver, a failed subscription re-enabled', async () => {
    const dash = await dashboardSession(stack.baseUrl, 'hooks@example.com');
    const key = ((await (await dash('/account/keys', 'POST', { name: 'api' })).json()) as { key: string }).key;
    const created = await dash('/webhook-subscriptions', 'POST', { event: 'render.completed', targetUrl: receiver.url('/hook') });
    expect(created.status).toBe(201);
    const { uid } = ((await created.json()) as { subscription: { uid: string } }).subscription;

    // A key may not pause or resume; the API's PUT still refuses `status`.
    const byKey = await stack.api(`/webhook-subscriptions/${uid}/pause`, { method: 'POST', key });
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as { detail: string }).detail).toBe(
      'This operation is available in the dashboard only: sign in there to use it.',
    );
    const put = await stack.api(`/webhook-subscriptions/${uid}`, { method: 'PUT', key, json: { status: 'paused' } });
    expect(put.status).toBe(400);

    // The test event fails twice (first try + one retry): the subscription becomes failed.
    expect((await dash(`/webhook-subscriptions/${uid}/test`, 'POST')).status).toBe(202);
    await waitFor(
      async () =>
        ((await (await dash(`/webhook-subscriptions/${uid}`)).json()) as { subscription: { status: string } }).subscription.status ===
        'failed',
      'failed',
    );
    const test = JSON.parse(received[0]!.raw.toString()) as { event: string; data: { test: boolean } };
    expect(test).toMatchObject({ event: 'render.completed', data: { test: true } });

    const log = (await (await dash(`/webhook-subscriptions/${uid}/deliveries`)).json()) as {
      items: Record<string, any>[];
      nextCursor: string | null;
    };
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      event: 'render.completed',
      status: 'failed',
      responseCode: 500,
      attempt: 2,
      nextRetryAt: null,
      test: true,
      redeliveryOf: null,
    });
    // The time column of the log: the second attempt's outcome, after the delivery was created.
    expect(Date.parse(log.items[0]!.lastAttemptAt)).toBeGreaterThan(Date.parse(log.items[0]!.createdAt));

    // Resume re-enables the failed subscription; redeliver sends the same payload again.
    failing = false;
    const resumed = await dash(`/webhook-subscriptions/${uid}/resume`, 'POST');
    expect(((await resumed.json()) as { subscription: { status: string } }).subscription.status).toBe('active');
    const again = await dash(`/webhook-deliveries/${log.items[0]!.id}/redeliver`, 'POST');
    expect(again.status).toBe(202);
    await waitFor(() => received.length === 3, 'redelivery');
    expect(received[2]!.raw.toString()).toBe(received[0]!.raw.toString());
    // The redelivery names the delivery it sends again; never tried, it had no attempt time, now it has its own.
    const { deliveryId } = (await again.json()) as { deliveryId: string };
    const redelivery = async () =>
      ((await (await dash(`/webhook-subscriptions/${uid}/deliveries`)).json()) as { items: Record<string, any>[] }).items.find(
        (item) => item.id === deliveryId,
      );
    await waitFor(async () => (await redelivery())?.status === 'delivered', 'redelivery recorded');
    expect(await redelivery()).toMatchObject({ redeliveryOf: log.items[0]!.id, attempt: 1, responseCode: 200, test: true });
    expect(Date.parse((await redelivery())!.lastAttemptAt)).toBeGreaterThan(Date.parse(log.items[0]!.lastAttemptAt));

    // Paused: a test event waits, and goes out on resume.
    expect(
      ((await (await dash(`/webhook-subscriptions/${uid}/pause`, 'POST')).json()) as { subscription: { status: string } }).subscription
        .status,
    ).toBe('paused');
    await dash(`/webhook-subscriptions/${uid}/test`, 'POST');
    await sleep(400);
    expect(received).toHaveLength(3);
    await dash(`/webhook-subscriptions/${uid}/resume`, 'POST');
    await waitFor(() => received.length === 4, 'delivery after resume');

    const page1 = (await (await dash(`/webhook-subscriptions/${uid}/deliveries?limit=2`)).json()) as {
      items: { id: string }[];
      nextCursor: string;
    };
    expect(page1.items).toHaveLength(2);
    const page2 = (await (await dash(`/webhook-subscriptions/${uid}/deliveries?limit=2&cursor=${page1.nextCursor}`)).json()) as {
      items: { id: string }[];
      nextCursor: string | null;
    };
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    expect((await dash(`/webhook-subscriptions/${uid}/deliveries?cursor=bogus`)).status).toBe(400);
    expect((await stack.api(`/webhook-subscriptions/whk_nope/deliveries`, { key })).status).toBe(404);

    // The audit log has who made, re-enabled, paused and resumed it, named by its event and host (never the whole address):
    // bringing back a subscription the dispatcher disabled is a re-enable, as the dashboard's button says, not a resume.
    const audit = (await (await dash('/account/audit-log')).json()) as {
      items: { action: string; target: { id: string; label: string } }[];
    };
    const hooks = audit.items.filter((e) => e.action.startsWith('webhook.'));
    const host = new URL(receiver.url('/hook')).host;
    expect(hooks).toMatchObject(
      ['webhook.resumed', 'webhook.paused', 'webhook.reenabled', 'webhook.created'].map((action) => ({
        action,
        target: { id: uid, label: `render.completed → ${host}` },
      })),
    );
  });
});
