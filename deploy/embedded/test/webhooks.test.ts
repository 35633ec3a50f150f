import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecretBox, insertWebhookSubscription, listWebhookDeliveries } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { loadDocumentedVerifier, sleep, type Received } from './webhook-support.js';

const SECRET_KEY = 'webhooks-test-server-key-0123456789';

describe('webhooks through the HTTP API and a local receiver (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startPageServer>>;
  let verifier: Awaited<ReturnType<typeof loadDocumentedVerifier>>;
  const received: Received[] = [];
  const flakyCalls = new Map<string, number>();

  const record = (status: number | ((deliveryId: string) => number)) => (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() });
      const code = typeof status === 'number' ? status : status(String(req.headers['x-service-delivery-id']));
      res.writeHead(code, code >= 300 && code < 400 ? { location: receiver.url('/hook') } : {}).end('ok');
    });
  };

  beforeAll(async () => {
    verifier = await loadDocumentedVerifier();
    receiver = await startPageServer({
      '/hook': record(200),
      '/other': record(204),
      '/fail': record(500),
      '/redirect': record(302),
      '/flaky': record((id) => {
        const n = (flakyCalls.get(id) ?? 0) + 1;
        flakyCalls.set(id, n);
        return n <= 2 ? 503 : 200;
      }),
      '/slow': () => undefined,
    });
    stack = await startTestStack('memory+pglite', {
      secretKey: SECRET_KEY,
      webhooks: { retryScheduleMs: [150, 200, 250, 300, 350], timeoutMs: 1_500, pollMs: 40 },
    });
    ({ key } = await stack.newAccount());
  });
  afterAll(async () => {
    await stack?.dispose();
    await receiver?.close();
    await verifier?.cleanup();
  });

  async function subscribe(json: Record<string, unknown>, apiKey = key): Promise<Record<string, any>> {
    const res = await stack.api('/webhook-subscriptions', { method: 'POST', key: apiKey, json });
    expect(res.status).toBe(201);
    return ((await res.json()) as { subscription: Record<string, any> }).subscription;
  }
  async function subscription(uid: string, apiKey = key): Promise<Record<string, any>> {
    const res = await stack.api(`/webhook-subscriptions/${uid}`, { key: apiKey });
    expect(res.status).toBe(200);
    return ((await res.json()) as { subscription: Record<string, any> }).subscription;
  }
  async function renderHtml(apiKey: string, json: Record<string, unknown> = {}): Promise<Response> {
    return stack.api('/image', {
      method: 'POST',
      key: apiKey,
      json: { html: '<body style="margin:0;background:#0a0">x</body>', width: 64, height: 32, ...json },
    });
  }

  it('creates, reads, lists, updates and deletes a subscription; the secret is shown once', async () => {
    const { key: own } = await stack.newAccount();
    const created = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/hook'), filters: { type: 'image' } }, own);
    expect(created).toMatchObject({
      event: 'render.completed',
      targetUrl: receiver.url('/hook'),
      status: 'active',
      platform: 'custom',
      filters: { type: 'image' },
      deliveryCount: 0,
      failureCount: 0,
      lastDeliveryAt: null,
      lastDelivery: null,
    });
    expect(created.uid).toMatch(/^whk_/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const got = await subscription(created.uid, own);
    expect(got).not.toHaveProperty('secret');
    expect(got.uid).toBe(created.uid);

    await subscribe({ event: 'render.failed', targetUrl: receiver.url('/other'), platform: 'zapier' }, own);
    const list = (await (await stack.api('/webhook-subscriptions?limit=1', { key: own })).json()) as {
      subscriptions: Array<Record<string, any>>;
      pagination: Record<string, any>;
    };
    expect(list.subscriptions).toHaveLength(1);
    expect(list.subscriptions[0]).not.toHaveProperty('secret');
    expect(list.pagination).toMatchObject({ page: 1, limit: 1, total: 2, totalPages: 2, hasNext: true, hasPrev: false });
    const active = (await (await stack.api('/webhook-subscriptions?status=active', { key: own })).json()) as { subscriptions: unknown[] };
    expect(active.subscriptions).toHaveLength(2);
    const failed = (await (await stack.api('/webhook-subscriptions?status=failed', { key: own })).json()) as { subscriptions: unknown[] };
    expect(failed.subscriptions).toHaveLength(0);
    const byEvent = (await (await stack.api('/webhook-subscriptions?event=render.failed', { key: own })).json()) as {
      subscriptions: Array<{ platform: string }>;
    };
    expect(byEvent.subscriptions.map((s) => s.platform)).toEqual(['zapier']);
    const badStatus = await stack.api('/webhook-subscriptions?status=sleeping', { key: own });
    expect(badStatus.status).toBe(400);
    expect((await problemOf(badStatus)).errors).toEqual([expect.objectContaining({ field: 'status' })]);

    const put = await stack.api(`/webhook-subscriptions/${created.uid}`, {
      method: 'PUT',
      key: own,
      json: { event: 'render.failed', platform: 'make', filters: null },
    });
    expect(put.status).toBe(200);
    const updated = ((await put.json()) as { subscription: Record<string, any> }).subscription;
    expect(updated).toMatchObject({ event: 'render.failed', platform: 'make', filters: {}, targetUrl: receiver.url('/hook') });
    expect(updated).not.toHaveProperty('secret');

    const pause = await stack.api(`/webhook-subscriptions/${created.uid}`, { method: 'PUT', key: own, json: { status: 'paused' } });
    expect(pause.status).toBe(400);
    const pauseProblem = await problemOf(pause);
    expect(pauseProblem.errors).toEqual([
      expect.objectContaining({ field: 'status', message: expect.stringMatching(/cannot be paused or resumed/) }),
    ]);
    expect((await subscription(created.uid, own)).status).toBe('active');

    const other = await stack.newAccount();
    for (const res of [
      await stack.api(`/webhook-subscriptions/${created.uid}`, { key: other.key }),
      await stack.api(`/webhook-subscriptions/${created.uid}`, { method: 'PUT', key: other.key, json: { platform: 'n8n' } }),
      await stack.api(`/webhook-subscriptions/${created.uid}`, { method: 'DELETE', key: other.key }),
    ]) {
      expect(res.status).toBe(404);
      await problemOf(res);
    }
    const otherList = (await (await stack.api('/webhook-subscriptions', { key: other.key })).json()) as { subscriptions: unknown[] };
    expect(otherList.subscriptions).toHaveLength(0);

    const del = await stack.api(`/webhook-subscriptions/${created.uid}`, { method: 'DELETE', key: own });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: 'Webhook subscription deleted', uid: created.uid });
    expect((await stack.api(`/webhook-subscriptions/${created.uid}`, { key: own })).status).toBe(404);
  });

  it('refuses bad subscriptions with a clear problem and creates nothing', async () => {
    const { key: own } = await stack.newAccount();
    const cases: Array<[Record<string, unknown>, number, RegExp, string | null]> = [
      [{ event: 'render.started', targetUrl: 'https://example.com/hook' }, 400, /validation-error$/, 'event'],
      [{ targetUrl: 'https://example.com/hook' }, 400, /validation-error$/, 'event'],
      [{ event: 'render.completed' }, 400, /validation-error$/, 'targetUrl'],
      [{ event: 'render.completed', targetUrl: 'file:///etc/passwd' }, 400, /blocked-url$/, null],
      [{ event: 'render.completed', targetUrl: 'http://169.254.169.254/latest/meta-data' }, 400, /blocked-url$/, null],
      [{ event: 'render.completed', targetUrl: 'https://localhost/hook' }, 400, /blocked-url$/, null],
      [{ event: 'render.completed', targetUrl: 'http://93.184.215.14/hook' }, 400, /validation-error$/, 'targetUrl'],
      [{ event: 'render.completed', targetUrl: 'not a url' }, 400, /validation-error$/, 'targetUrl'],
      [{ event: 'render.completed', targetUrl: 'https://example.com/hook', platform: 'ifttt' }, 400, /validation-error$/, 'platform'],
      [
        { event: 'render.completed', targetUrl: 'https://example.com/hook', filters: { template: 'tpl_x' } },
        400,
        /validation-error$/,
        'filters',
      ],
      [
        { event: 'render.completed', targetUrl: 'https://example.com/hook', filters: { type: 'movie' } },
        400,
        /validation-error$/,
        'filters.type',
      ],
    ];
    for (const [json, status, type, field] of cases) {
      const res = await stack.api('/webhook-subscriptions', { method: 'POST', key: own, json });
      expect(res.status).toBe(status);
      const problem = await problemOf(res);
      expect(problem.type).toMatch(type);
      expect(problem.detail).toEqual(expect.any(String));
      if (field) expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    const unknownEvent = await problemOf(
      await stack.api('/webhook-subscriptions', {
        method: 'POST',
        key: own,
        json: { event: 'render.started', targetUrl: 'https://example.com/hook' },
      }),
    );
    expect(unknownEvent.detail).toMatch(/render\.completed, render\.failed, binding\.updated, binding\.failed/);
    const file = await problemOf(
      await stack.api('/webhook-subscriptions', {
        method: 'POST',
        key: own,
        json: { event: 'render.completed', targetUrl: 'file:///etc/passwd' },
      }),
    );
    expect(file.detail).toMatch(/file:/);
    const plain = await problemOf(
      await stack.api('/webhook-subscriptions', {
        method: 'POST',
        key: own,
        json: { event: 'render.completed', targetUrl: 'http://93.184.215.14/hook' },
      }),
    );
    expect(plain.detail).toMatch(/https/);

    const ok = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/hook') }, own);
    // An edit checks the target as creation does; refused, nothing of the edit is kept (not even the event given with it).
    const blockedPut = await stack.api(`/webhook-subscriptions/${ok.uid}`, {
      method: 'PUT',
      key: own,
      json: { event: 'render.failed', targetUrl: 'http://10.0.0.1/hook' },
    });
    expect(blockedPut.status).toBe(400);
    const blockedProblem = await problemOf(blockedPut);
    expect(blockedProblem.type).toMatch(/blocked-url$/);
    expect(blockedProblem.detail).toBe(
      'targetUrl: The URL http://10.0.0.1/hook points to a private network address 10.0.0.1 and is blocked. ' +
        'To allow it on a self-hosted instance, add the host or its address to PRESSROOM_ALLOW_PRIVATE_HOSTS.',
    );
    expect(blockedProblem.errors).toEqual([
      expect.objectContaining({
        field: 'targetUrl',
        message: expect.stringMatching(/and is blocked\. .*PRESSROOM_ALLOW_PRIVATE_HOSTS\.$/),
      }),
    ]);
    const plainPut = await stack.api(`/webhook-subscriptions/${ok.uid}`, {
      method: 'PUT',
      key: own,
      json: { targetUrl: 'http://93.184.215.14/hook' },
    });
    expect(plainPut.status).toBe(400);
    expect((await problemOf(plainPut)).errors).toEqual([
      expect.objectContaining({ field: 'targetUrl', message: expect.stringMatching(/https/) }),
    ]);
    expect(await subscription(ok.uid, own)).toMatchObject({ targetUrl: receiver.url('/hook'), event: 'render.completed' });
    const list = (await (await stack.api('/webhook-subscriptions', { key: own })).json()) as { subscriptions: unknown[] };
    expect(list.subscriptions).toHaveLength(1);
  });

  it('delivers render.completed and render.failed signed, with exactly the contract’s data', async () => {
    const { key: own, accountId } = await stack.newAccount();
    const completed = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/hook') }, own);
    const failed = await subscribe({ event: 'render.failed', targetUrl: receiver.url('/other') }, own);

    const before = received.length;
    const ok = await renderHtml(own);
    expect(ok.status).toBe(200);
    const image = (await ok.json()) as { id: string; url: string };
    const delivery = await waitFor(
      () => received.slice(before).find((r) => r.path === '/hook' && JSON.parse(r.raw.toString()).data.imageId === image.id),
      'render.completed delivery',
    );

    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-service-event']).toBe('render.completed');
    expect(delivery.headers['x-service-delivery-id']).toMatch(/^whd_/);
    const body = JSON.parse(delivery.raw.toString('utf8')) as { event: string; timestamp: string; data: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['data', 'event', 'timestamp']);
    expect(body.event).toBe('render.completed');
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    expect(Object.keys(body.data).sort()).toEqual([
      'height',
      'imageId',
      'renderedAt',
      'source',
      'templateId',
      'type',
      'url',
      'userId',
      'width',
    ]);
    expect(body.data).toMatchObject({
      type: 'image',
      source: 'html',
      imageId: image.id,
      url: image.url,
      width: 64,
      height: 32,
      templateId: null,
      userId: accountId,
    });

    // The documented receiver accepts it, and refuses an old timestamp or a changed byte.
    const header = String(delivery.headers['x-service-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const t = Number(/t=(\d+)/.exec(header)![1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(verifier.verify(delivery.raw, header, completed.secret)).toBe(true);
    expect(verifier.verify(delivery.raw, header, completed.secret, t + 6 * 60)).toBe(false);
    expect(verifier.verify(delivery.raw, header, completed.secret, t - 6 * 60)).toBe(false);
    const tampered = Buffer.from(delivery.raw);
    tampered[tampered.length - 2] = tampered[tampered.length - 2]! ^ 1;
    expect(verifier.verify(tampered, header, completed.secret)).toBe(false);
    expect(verifier.verify(delivery.raw, header, failed.secret)).toBe(false);

    const bad = await renderHtml(own, { selector: '#missing' });
    expect(bad.status).toBe(422);
    const failure = await waitFor(() => received.slice(before).find((r) => r.path === '/other'), 'render.failed delivery');
    expect(failure.headers['x-service-event']).toBe('render.failed');
    const failedBody = JSON.parse(failure.raw.toString('utf8')) as { event: string; data: Record<string, unknown> };
    expect(failedBody.event).toBe('render.failed');
    expect(Object.keys(failedBody.data).sort()).toEqual(['error', 'errorCode', 'templateId', 'type']);
    expect(failedBody.data).toMatchObject({
      type: 'image',
      templateId: null,
      errorCode: 'SELECTOR_NOT_FOUND',
      error: expect.stringMatching(/#missing/),
    });
    expect(verifier.verify(failure.raw, String(failure.headers['x-service-signature']), failed.secret)).toBe(true);

    // One delivery per event: the successful render went only to the completed subscription.
    expect(received.slice(before).filter((r) => r.path === '/hook')).toHaveLength(1);
    const after = await subscription(completed.uid, own);
    expect(after).toMatchObject({ deliveryCount: 1, failureCount: 0, lastDeliveryAt: expect.any(String) });
    expect(after.lastDelivery).toEqual({
      deliveryId: delivery.headers['x-service-delivery-id'],
      event: 'render.completed',
      status: 'success',
      timestamp: expect.any(String),
      responseCode: 200,
      attempt: 1,
      nextRetryAt: null,
      error: null,
    });
  });

  it('delivers only what matches the owner and the filters', async () => {
    const { key: own } = await stack.newAccount();
    const stranger = await stack.newAccount();
    const card = (await (
      await stack.api('/templates', { method: 'POST', key: own, json: { name: 'c', html: '<p>{{t}}</p>', width: 40, height: 20 } })
    ).json()) as { template: { uid: string } };
    const other = (await (
      await stack.api('/templates', { method: 'POST', key: own, json: { name: 'o', html: '<p>o</p>', width: 40, height: 20 } })
    ).json()) as { template: { uid: string } };
    const byTemplate = await subscribe(
      { event: 'render.completed', targetUrl: `${receiver.url('/hook')}?by=template`, filters: { templateId: card.template.uid } },
      own,
    );
    const gifOnly = await subscribe(
      { event: 'render.completed', targetUrl: `${receiver.url('/hook')}?by=gif`, filters: { type: 'gif' } },
      own,
    );
    const strangers = await subscribe({ event: 'render.completed', targetUrl: `${receiver.url('/hook')}?by=stranger` }, stranger.key);

    const before = received.length;
    const first = (await (
      await stack.api(`/templates/${card.template.uid}/render`, { method: 'POST', key: own, json: { variables: { t: 'x' } } })
    ).json()) as { id: string };
    expect((await stack.api(`/templates/${other.template.uid}/render`, { method: 'POST', key: own, json: {} })).status).toBe(200);
    expect((await renderHtml(own)).status).toBe(200);

    const hit = await waitFor(() => received.slice(before).find((r) => r.path === '/hook?by=template'), 'filtered delivery');
    const data = JSON.parse(hit.raw.toString()).data as Record<string, unknown>;
    expect(data).toMatchObject({ imageId: first.id, templateId: card.template.uid, source: 'template' });
    await sleep(400);
    const late = received.slice(before);
    expect(late.filter((r) => r.path === '/hook?by=template')).toHaveLength(1);
    expect(late.filter((r) => r.path === '/hook?by=gif')).toHaveLength(0);
    expect(late.filter((r) => r.path === '/hook?by=stranger')).toHaveLength(0);
    expect((await subscription(gifOnly.uid, own)).deliveryCount).toBe(0);
    expect((await subscription(strangers.uid, stranger.key)).deliveryCount).toBe(0);
    expect((await subscription(byTemplate.uid, own)).deliveryCount).toBe(1);
  });

  it('moves later deliveries with an edit of target, event and filters, signed with the unchanged secret', async () => {
    const { key: own } = await stack.newAccount();
    const created = await subscribe(
      { event: 'render.completed', targetUrl: `${receiver.url('/hook')}?edit=before`, filters: { type: 'gif' } },
      own,
    );
    const put = await stack.api(`/webhook-subscriptions/${created.uid}`, {
      method: 'PUT',
      key: own,
      json: { event: 'render.failed', targetUrl: `${receiver.url('/other')}?edit=after`, filters: { type: 'image' } },
    });
    expect(put.status).toBe(200);
    const updated = ((await put.json()) as { subscription: Record<string, any> }).subscription;
    expect(updated).toMatchObject({
      uid: created.uid,
      event: 'render.failed',
      targetUrl: `${receiver.url('/other')}?edit=after`,
      filters: { type: 'image' },
      status: 'active',
    });
    expect(updated).not.toHaveProperty('secret');

    const before = received.length;
    expect((await renderHtml(own)).status).toBe(200);
    expect((await renderHtml(own, { selector: '#missing' })).status).toBe(422);
    const delivery = await waitFor(
      () => received.slice(before).find((r) => r.path === '/other?edit=after'),
      'delivery to the edited target',
    );
    expect(delivery.headers['x-service-event']).toBe('render.failed');
    expect(JSON.parse(delivery.raw.toString()).data).toMatchObject({ type: 'image', errorCode: 'SELECTOR_NOT_FOUND' });
    // The secret shown at creation still signs: an edit never makes a new one.
    expect(verifier.verify(delivery.raw, String(delivery.headers['x-service-signature']), created.secret)).toBe(true);
    await sleep(400);
    expect(received.slice(before).filter((r) => r.path.includes('edit='))).toHaveLength(1);
  });

  it('retries a failing receiver with the same delivery id and body until it answers 2xx', async () => {
    const { key: own } = await stack.newAccount();
    const sub = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/flaky') }, own);
    const before = received.length;
    expect((await renderHtml(own)).status).toBe(200);
    await waitFor(() => received.slice(before).filter((r) => r.path === '/flaky').length >= 3, 'three attempts');
    await waitFor(async () => (await subscription(sub.uid, own)).lastDelivery?.status === 'success', 'success recorded');
    await sleep(500);
    const attempts = received.slice(before).filter((r) => r.path === '/flaky');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['x-service-delivery-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.raw.toString('hex'))).size).toBe(1);
    // The retries wait: 150 ms, then 200 ms (the configured schedule), each freshly signed.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(140);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(190);
    for (const attempt of attempts)
      expect(verifier.verify(attempt.raw, String(attempt.headers['x-service-signature']), sub.secret)).toBe(true);
    const after = await subscription(sub.uid, own);
    expect(after).toMatchObject({ status: 'active', deliveryCount: 3, failureCount: 2 });
    expect(after.lastDelivery).toMatchObject({ status: 'success', attempt: 3, responseCode: 200, nextRetryAt: null });
  });

  it('disables a subscription whose delivery fails the first attempt and all five retries', async () => {
    const { key: own } = await stack.newAccount();
    const sub = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/fail') }, own);
    const before = received.length;
    expect((await renderHtml(own)).status).toBe(200);
    const midway = await waitFor(async () => {
      const s = await subscription(sub.uid, own);
      return s.lastDelivery?.attempt === 1 ? s : null;
    }, 'first failed attempt');
    expect(midway.lastDelivery).toMatchObject({
      status: 'failed',
      responseCode: 500,
      attempt: 1,
      nextRetryAt: expect.any(String),
      error: expect.stringMatching(/HTTP 500/),
    });

    const disabled = await waitFor(async () => {
      const s = await subscription(sub.uid, own);
      return s.status === 'failed' ? s : null;
    }, 'subscription disabled');
    expect(disabled).toMatchObject({ deliveryCount: 6, failureCount: 6 });
    expect(disabled.lastDelivery).toMatchObject({ status: 'failed', attempt: 6, nextRetryAt: null });
    expect(received.slice(before).filter((r) => r.path === '/fail')).toHaveLength(6);
    const listed = (await (await stack.api('/webhook-subscriptions?status=failed', { key: own })).json()) as {
      subscriptions: Array<{ uid: string }>;
    };
    expect(listed.subscriptions.map((s) => s.uid)).toEqual([sub.uid]);

    // Nothing more goes to a failed subscription.
    expect((await renderHtml(own)).status).toBe(200);
    await sleep(600);
    expect(received.slice(before).filter((r) => r.path === '/fail')).toHaveLength(6);
  });

  it('treats a redirect and a receiver that does not answer in time as failures', async () => {
    const { key: own } = await stack.newAccount();
    const redirect = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/redirect') }, own);
    const slow = await subscribe({ event: 'render.completed', targetUrl: receiver.url('/slow') }, own);
    const before = received.length;
    expect((await renderHtml(own)).status).toBe(200);
    const redirected = await waitFor(async () => (await subscription(redirect.uid, own)).lastDelivery, 'redirect attempt');
    expect(redirected).toMatchObject({ status: 'failed', responseCode: 302, error: expect.stringMatching(/do not follow redirects/) });
    const timedOut = await waitFor(async () => (await subscription(slow.uid, own)).lastDelivery, 'slow attempt');
    expect(timedOut).toMatchObject({ status: 'failed', responseCode: null, error: expect.stringMatching(/did not answer within 1500 ms/) });
    // The redirect target was never called by the dispatcher.
    expect(received.slice(before).filter((r) => r.path === '/hook')).toHaveLength(0);
    for (const uid of [redirect.uid, slow.uid]) await stack.api(`/webhook-subscriptions/${uid}`, { method: 'DELETE', key: own });
  });

  it('checks the target with the SSRF guard at every delivery', async () => {
    const { key: own, accountId } = await stack.newAccount();
    // A target that could never be created through the API (as if DNS changed after creation).
    const uid = 'whk_ssrfprobe';
    await insertWebhookSubscription(stack.db, {
      uid,
      ownerId: accountId,
      accountId,
      event: 'render.completed',
      targetUrl: 'http://169.254.169.254/latest/meta-data',
      platform: 'custom',
      secretCiphertext: createSecretBox(SECRET_KEY).seal('whsec_probe'),
    });
    expect((await renderHtml(own)).status).toBe(200);
    const last = await waitFor(async () => (await subscription(uid, own)).lastDelivery, 'blocked attempt');
    expect(last).toMatchObject({ status: 'failed', responseCode: null, error: expect.stringMatching(/169\.254\.169\.254.*blocked/) });
    const deliveries = await listWebhookDeliveries(stack.db, { subscriptionUid: uid });
    expect(deliveries).toHaveLength(1);
    await stack.api(`/webhook-subscriptions/${uid}`, { method: 'DELETE', key: own });
  });
});
