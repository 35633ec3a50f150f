import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { claimDueBindings, countBindingRenders, createSecretBox, getBindingByUid, getRenderById } from '@pressroom/db';
import { startScheduler } from '@pressroom/scheduler';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createLogger } from '@pressroom/telemetry';
import { waitFor } from '@pressroom/testing';
import { ALLOWED_HOST, FLAVOURS, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { loadDocumentedVerifier, recordInto, sleep, type Received } from './webhook-support.js';

/** A template whose background colour and title are bound variables. */
const CARD = `<!doctype html><html><body style="margin:0;background:{{color}}"><p style="font:20px sans-serif">{{title}}</p></body></html>`;
const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const GREEN: [number, number, number] = [0, 128, 0];
const SECRET_KEY = 'bindings-test-secret-key-0123456789';

/** A data source whose data, ETag and status the test changes. */
interface SourceState {
  color: string;
  title: string;
  etag: string;
  status: number;
  requests: { ifNoneMatch: string | undefined; authorization: string | undefined; answered: number }[];
}

function dataRoute(state: SourceState) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const ifNoneMatch = req.headers['if-none-match'];
    const answer = (status: number, body?: string) => {
      state.requests.push({ ifNoneMatch, authorization: req.headers.authorization, answered: status });
      res.writeHead(status, { 'content-type': 'application/json', etag: state.etag }).end(body);
    };
    if (state.status !== 200) return answer(state.status, '{"error":"boom"}');
    if (ifNoneMatch === state.etag) return answer(304);
    answer(200, JSON.stringify({ data: { title: state.title, items: [{ name: 'first', color: state.color }] } }));
  };
}

/** Public URLs name localhost; the test stack listens on 127.0.0.1 only. */
const local = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

/** Fetch the render URL and decode it (status, headers and the pixel at the centre). */
async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(local(url), { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('image/'))
    return { res, bytes, width: 0, pixel: null as [number, number, number] | null };
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { res, bytes, width: info.width, pixel: [data[i]!, data[i + 1]!, data[i + 2]!] as [number, number, number] };
}

const renderRows = (stack: TestStack, templateId: string) => countBindingRenders(stack.db, templateId);

describe.each(FLAVOURS)('bindings (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  const advance = (seconds: number) => {
    clockOffsetMs += seconds * 1000;
  };
  const received: Received[] = [];
  const state: SourceState = { color: '#ff0000', title: 'Red', etag: '"v1"', status: 200, requests: [] };
  let server: Awaited<ReturnType<typeof startPageServer>>;
  let verifier: Awaited<ReturnType<typeof loadDocumentedVerifier>>;

  beforeAll(async () => {
    verifier = await loadDocumentedVerifier();
    server = await startPageServer({
      '/data': dataRoute(state),
      '/hook': recordInto(received, 200),
      '/other-hook': recordInto(received, 200),
    });
    stack = await startTestStack(flavour, {
      secretKey: SECRET_KEY,
      bindings: { pollMs: 100, now, fetchTimeoutMs: 2_000, maxBytes: 1024 * 1024 },
      webhooks: { retryScheduleMs: [200, 200, 200, 200, 200], timeoutMs: 2_000, pollMs: 50 },
    });
    ({ key } = await stack.newAccount());
  });
  afterAll(async () => {
    await stack.dispose();
    await server.close();
    await verifier.cleanup();
  });

  async function createTemplate(): Promise<string> {
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'bound card', html: CARD, width: 120, height: 80 } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }

  async function bindingOf(uid: string): Promise<Record<string, any>> {
    const res = await stack.api(`/bindings/${uid}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { binding: Record<string, any> }).binding;
  }

  /** Wait until the render URL serves an image whose centre is `colour`. */
  async function waitForColour(renderUrl: string, colour: [number, number, number], what: string) {
    return waitFor(
      async () => {
        const image = await fetchImage(renderUrl);
        return image.pixel && near(image.pixel, colour, 40) ? image : null;
      },
      what,
      20_000,
    );
  }

  it('renders from the data, re-renders when it changes, not on a 304, serves stale on a 500, and announces binding.failed', async () => {
    const templateId = await createTemplate();
    const created = await stack.api('/bindings', {
      method: 'POST',
      key,
      json: {
        name: 'Status card',
        templateId,
        dataSource: {
          type: 'http',
          url: server.url('/data'),
          method: 'GET',
          credentials: { type: 'bearer_token', value: 'tok-0123456789-secret' },
        },
        mapping: { color: 'data.items[0].color', title: 'data.title' },
        defaults: { title: 'untitled' },
        refreshPolicy: { type: 'etag', ttlSeconds: 60, onError: 'serve_stale' },
      },
    });
    expect(created.status).toBe(201);
    const { binding } = (await created.json()) as { binding: Record<string, any> };
    expect(binding).toMatchObject({
      name: 'Status card',
      templateId,
      status: 'active',
      refreshPolicy: { type: 'etag', ttlSeconds: 60, onError: 'serve_stale' },
    });
    expect(binding.uid).toMatch(/^bnd_/);
    expect(binding.renderUrl).toBe(`${stack.baseUrl.replace('127.0.0.1', 'localhost')}/b/${binding.uid}.png`);
    // The secret never comes back in full; the stored column is sealed.
    expect(binding.dataSource.credentials).toEqual({ type: 'bearer_token', value: '••••cret' });
    expect(JSON.stringify(binding)).not.toContain('tok-0123456789-secret');
    const stored = (await getBindingByUid(stack.db, binding.uid))!.credentialsCiphertext!;
    expect(stored).not.toContain('tok-0123456789');
    expect(JSON.parse(createSecretBox(SECRET_KEY).open(stored))).toEqual({ type: 'bearer_token', value: 'tok-0123456789-secret' });

    // Webhook subscriptions: one for this binding, one filtered on another binding (must get nothing).
    const sub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'binding.failed', targetUrl: server.url('/hook'), filters: { bindingId: binding.uid } },
    });
    expect(sub.status).toBe(201);
    const { subscription } = (await sub.json()) as { subscription: { secret: string } };
    const updatedSub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'binding.updated', targetUrl: server.url('/hook'), filters: { bindingId: binding.uid } },
    });
    const { subscription: updatedSubscription } = (await updatedSub.json()) as { subscription: { secret: string } };
    await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'binding.failed', targetUrl: server.url('/other-hook'), filters: { bindingId: 'bnd_someoneelse' } },
    });

    // The placeholder until the first render, then the red image, served with its ETag and the TTL.
    const red = await waitForColour(binding.renderUrl, RED, 'the first (red) render');
    expect(red.width).toBe(120);
    expect(red.res.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = red.res.headers.get('etag')!;
    expect(etag).toMatch(/^"img_[0-9a-z]+"$/);
    expect((await fetch(local(binding.renderUrl), { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(state.requests.at(-1)!.authorization).toBe('Bearer tok-0123456789-secret');
    expect(await renderRows(stack, templateId)).toBe(1);

    // The data changes (new ETag): after the TTL the image is blue, at the same URL, with a new ETag.
    state.color = '#0000ff';
    state.etag = '"v2"';
    advance(61);
    const blue = await waitForColour(binding.renderUrl, BLUE, 'the blue re-render');
    expect(blue.res.headers.get('etag')).not.toBe(etag);
    expect(await renderRows(stack, templateId)).toBe(2);
    const conditional = state.requests.at(-1)!;
    expect(conditional).toMatchObject({ ifNoneMatch: '"v1"', answered: 200 });
    const blueRenderId = JSON.parse(blue.res.headers.get('etag')!) as string;
    const updated = await waitFor(
      () =>
        received.find(
          (r) =>
            r.path === '/hook' &&
            r.headers['x-service-event'] === 'binding.updated' &&
            JSON.parse(r.raw.toString()).data.renderId === blueRenderId,
        ),
      'binding.updated delivery',
    );
    expect(verifier.verify(updated.raw, String(updated.headers['x-service-signature']), updatedSubscription.secret)).toBe(true);
    expect(JSON.parse(updated.raw.toString()).data).toEqual({
      bindingId: binding.uid,
      templateId,
      status: 'active',
      renderUrl: binding.renderUrl,
      imageUrl: expect.stringMatching(new RegExp(`/files/renders/${blueRenderId}\\.png$`)),
      renderId: blueRenderId,
      trigger: 'schedule',
      refreshedAt: expect.any(String),
    });

    // Unchanged (304): no new render row, same image and ETag.
    const requestsBefore = state.requests.length;
    advance(61);
    await waitFor(() => state.requests.length > requestsBefore, 'the conditional fetch');
    await sleep(300);
    expect(state.requests.at(-1)).toMatchObject({ ifNoneMatch: '"v2"', answered: 304 });
    expect(await renderRows(stack, templateId)).toBe(2);
    const same = await fetchImage(binding.renderUrl);
    expect(same.res.headers.get('etag')).toBe(blue.res.headers.get('etag'));
    expect((await bindingOf(binding.uid)).status).toBe('active');

    // The source fails (500): error state, binding.failed delivered and signed, the blue image still served.
    state.status = 500;
    advance(61);
    const failedBinding = await waitFor(async () => {
      const b = await bindingOf(binding.uid);
      return b.status === 'error' ? b : null;
    }, 'the error state');
    expect(failedBinding.lastError).toMatchObject({ code: 'HTTP_ERROR' });
    expect(failedBinding.lastError.message).toMatch(/HTTP 500/);
    expect(failedBinding.consecutiveFailures).toBe(1);
    const stale = await fetchImage(binding.renderUrl);
    expect(stale.res.status).toBe(200);
    expect(near(stale.pixel!, BLUE, 40)).toBe(true);
    expect(stale.res.headers.get('x-binding-status')).toBe('error');
    const delivery = await waitFor(
      () => received.find((r) => r.path === '/hook' && r.headers['x-service-event'] === 'binding.failed'),
      'binding.failed delivery',
    );
    expect(verifier.verify(delivery.raw, String(delivery.headers['x-service-signature']), subscription.secret)).toBe(true);
    const body = JSON.parse(delivery.raw.toString()) as { event: string; data: Record<string, unknown> };
    expect(body.event).toBe('binding.failed');
    expect(body.data).toEqual({
      bindingId: binding.uid,
      templateId,
      status: 'error',
      renderUrl: binding.renderUrl,
      error: expect.stringMatching(/HTTP 500/),
      errorCode: 'HTTP_ERROR',
      trigger: 'schedule',
      consecutiveFailures: 1,
      serving: 'stale',
      failedAt: expect.any(String),
    });
    await sleep(300);
    expect(received.filter((r) => r.path === '/other-hook')).toHaveLength(0);

    // Recovery through a manual refresh: green, active again.
    state.status = 200;
    state.color = '#008000';
    state.etag = '"v3"';
    const refresh = await stack.api(`/bindings/${binding.uid}/refresh`, { method: 'POST', key });
    expect(refresh.status).toBe(202);
    await waitForColour(binding.renderUrl, GREEN, 'the green render after a manual refresh');
    await waitFor(async () => (await bindingOf(binding.uid)).status === 'active', 'active again');
    expect((await bindingOf(binding.uid)).consecutiveFailures).toBe(0);
  });

  it('refreshes through the secret trigger URL, pauses and resumes', async () => {
    const templateId = await createTemplate();
    const triggerState: SourceState = { color: '#ff0000', title: 'Hook', etag: '"h1"', status: 200, requests: [] };
    const hookServer = await startPageServer({ '/data': dataRoute(triggerState) });
    try {
      const res = await stack.api('/bindings', {
        method: 'POST',
        key,
        json: {
          templateId,
          dataSource: { url: hookServer.url('/data') },
          mapping: { color: 'data.items[0].color', title: 'data.title' },
          refreshPolicy: { type: 'webhook' },
        },
      });
      expect(res.status).toBe(201);
      const { binding } = (await res.json()) as { binding: Record<string, any> };
      expect(binding.refreshPolicy).toEqual({ type: 'webhook', ttlSeconds: 300, onError: 'serve_stale' });
      await waitForColour(binding.renderUrl, RED, 'the first render');
      const webhookUrl = String(binding.webhookUrl).replace(/^http:\/\/localhost:/, 'http://127.0.0.1:');
      expect(webhookUrl).toMatch(new RegExp(`/hooks/bindings/${binding.uid}/bht_[A-Za-z0-9_-]{32}$`));

      // No schedule: time passing refreshes nothing.
      const before = triggerState.requests.length;
      advance(3600);
      await sleep(400);
      expect(triggerState.requests.length).toBe(before);

      // A wrong token is a 404 like an unknown binding; the right one (no API key) refreshes.
      const wrong = await fetch(webhookUrl.replace(/bht_.*$/, 'bht_wrongwrongwrongwrongwrongwrongwr'), { method: 'POST' });
      expect(wrong.status).toBe(404);
      triggerState.color = '#0000ff';
      const hit = await fetch(webhookUrl, { method: 'POST' });
      expect(hit.status).toBe(202);
      await waitForColour(binding.renderUrl, BLUE, 'the render the trigger caused');

      // Paused: triggers and manual refreshes are refused; resuming refreshes at once.
      const paused = await stack.api(`/bindings/${binding.uid}`, { method: 'PUT', key, json: { status: 'paused' } });
      expect(((await paused.json()) as { binding: { status: string } }).binding.status).toBe('paused');
      expect((await fetch(webhookUrl, { method: 'POST' })).status).toBe(409);
      expect((await problemOf(await stack.api(`/bindings/${binding.uid}/refresh`, { method: 'POST', key }))).status).toBe(409);
      triggerState.color = '#008000';
      const resumed = await stack.api(`/bindings/${binding.uid}/resume`, { method: 'POST', key });
      expect(((await resumed.json()) as { binding: { status: string } }).binding.status).toBe('active');
      await waitForColour(binding.renderUrl, GREEN, 'the render after resuming');
    } finally {
      await hookServer.close();
    }
  });
});

describe('bindings: API, validation and bad data sources (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let templateId: string;
  const clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  const state: SourceState = { color: '#ff0000', title: 'ok', etag: '"a"', status: 200, requests: [] };
  let server: Awaited<ReturnType<typeof startPageServer>>;
  let dnsTarget = ALLOWED_HOST;

  beforeAll(async () => {
    server = await startPageServer({
      '/data': dataRoute(state),
      '/auth': (req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            headers: {
              authorization: req.headers.authorization ?? null,
              'x-api-key': req.headers['x-api-key'] ?? null,
              'x-token': req.headers['x-token'] ?? null,
            },
          }),
        ),
      '/echo': (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              method: req.method,
              contentType: req.headers['content-type'] ?? null,
              body: Buffer.concat(chunks).toString(),
            }),
          ),
        );
      },
      '/slowdata': (req, res) => setTimeout(() => dataRoute(state)(req, res), 800),
      '/invalid': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"not": json'),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/hang': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data": ');
      },
      '/huge': (_req, res) => {
        // 50 MB, streamed: the fetch must stop at the size limit, not buffer it all.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const push = () => {
          while (sent < 50 && res.write(chunk)) sent++;
          if (sent < 50) res.once('drain', push);
          else res.end();
        };
        res.on('close', () => (sent = 50));
        push();
      },
    });
    stack = await startTestStack('memory+pglite', {
      bindings: { pollMs: 100, now, fetchTimeoutMs: 1_500, maxBytes: 1024 * 1024 },
      // One name whose address the test changes (DNS rebinding after creation).
      hostLookup: async (host) =>
        host === 'data.binding.test' ? [{ address: dnsTarget, family: 4 }] : dnsLookup(host, { all: true, verbatim: true }),
    });
    ({ key } = await stack.newAccount());
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'card', html: CARD, width: 100, height: 60 } });
    templateId = ((await res.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(async () => {
    await stack.dispose();
    await server.close();
  });

  const create = (json: Record<string, unknown>, k = key) => stack.api('/bindings', { method: 'POST', key: k, json });
  const base = () => ({ templateId, dataSource: { url: server.url('/data') }, mapping: { color: 'data.items[0].color' } });

  it('validates every field and refuses blocked data sources', async () => {
    const ttl = await problemOf(await create({ ...base(), refreshPolicy: { ttlSeconds: 59 } }));
    expect(ttl.status).toBe(400);
    expect(ttl.errors).toEqual([
      { field: 'refreshPolicy.ttlSeconds', message: 'ttlSeconds must be between 60 and 604800', code: expect.any(String) },
    ]);
    const big = await problemOf(await create({ ...base(), refreshPolicy: { ttlSeconds: 604_801 } }));
    expect(big.errors[0].field).toBe('refreshPolicy.ttlSeconds');
    expect((await create({ ...base(), refreshPolicy: { ttlSeconds: 604_800 } })).status).toBe(201);

    const many = await problemOf(
      await create({
        templateId,
        dataSource: { url: server.url('/data'), method: 'DELETE', credentials: { type: 'custom_header', value: 'x' } },
        mapping: { a: 'data..b' },
        refreshPolicy: { type: 'sometimes', onError: 'explode' },
      }),
    );
    expect(many.status).toBe(400);
    expect(many.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'dataSource.credentials.headerName',
      'dataSource.method',
      'mapping.a',
      'refreshPolicy.onError',
      'refreshPolicy.type',
    ]);
    const missing = await problemOf(await create({}));
    expect(missing.errors.map((e: { field: string }) => e.field).sort()).toEqual(['dataSource', 'templateId']);

    const metadata = await problemOf(await create({ ...base(), dataSource: { url: 'http://169.254.169.254/latest/meta-data/' } }));
    expect(metadata.status).toBe(400);
    expect(metadata.type).toMatch(/\/blocked-url$/);
    expect(metadata.detail).toMatch(/^dataSource\.url: /);
    const file = await problemOf(await create({ ...base(), dataSource: { url: 'file:///etc/passwd' } }));
    expect(file.status).toBe(400);
    expect(file.type).toMatch(/\/blocked-url$/);
    const loopback = await problemOf(await create({ ...base(), dataSource: { url: 'http://127.0.0.1:5432/' } }));
    expect(loopback.type).toMatch(/\/blocked-url$/);

    const noTemplate = await problemOf(await create({ ...base(), templateId: 'tpl_doesnotexist' }));
    expect(noTemplate.status).toBe(404);
    expect(noTemplate.detail).toMatch(/templateId/);
    // Named as a field too: a form shows it beside its template choice.
    expect(noTemplate.errors).toEqual([
      { field: 'templateId', message: 'No template with uid "tpl_doesnotexist" exists for this account.', code: expect.any(String) },
    ]);
    const other = await stack.newAccount();
    const foreignTemplate = await problemOf(await create(base(), other.key));
    expect(foreignTemplate.status).toBe(404);
  });

  it('reads, lists by status with pages, updates, deletes, and hides other accounts', async () => {
    const { key: own } = await stack.newAccount();
    const tpl = (
      (await (
        await stack.api('/templates', { method: 'POST', key: own, json: { name: 'c', html: CARD, width: 50, height: 50 } })
      ).json()) as { template: { uid: string } }
    ).template.uid;
    const uids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(
        {
          templateId: tpl,
          name: `b${i}`,
          dataSource: { url: server.url('/data') },
          mapping: { color: 'data.items[0].color' },
          refreshPolicy: { type: 'manual' },
        },
        own,
      );
      uids.push(((await res.json()) as { binding: { uid: string } }).binding.uid);
      await sleep(5);
    }
    await stack.api(`/bindings/${uids[0]}`, { method: 'PUT', key: own, json: { status: 'paused' } });
    const page1 = (await (await stack.api('/bindings?limit=1&page=1', { key: own })).json()) as {
      bindings: { uid: string }[];
      pagination: Record<string, unknown>;
    };
    expect(page1.bindings.map((b) => b.uid)).toEqual([uids[2]]);
    expect(page1.pagination).toMatchObject({ page: 1, limit: 1, total: 3, totalPages: 3, hasNext: true, hasPrev: false });
    const paused = (await (await stack.api('/bindings?status=paused', { key: own })).json()) as {
      bindings: { uid: string; status: string }[];
      pagination: { total: number };
    };
    expect(paused.bindings.map((b) => b.uid)).toEqual([uids[0]]);
    expect(paused.pagination.total).toBe(1);
    expect((await problemOf(await stack.api('/bindings?status=sleeping', { key: own }))).status).toBe(400);

    const put = await stack.api(`/bindings/${uids[1]}`, {
      method: 'PUT',
      key: own,
      json: { name: 'renamed', defaults: { color: '#00ff00' }, refreshPolicy: { type: 'ttl', ttlSeconds: 120 } },
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { binding: Record<string, unknown> }).binding).toMatchObject({
      name: 'renamed',
      defaults: { color: '#00ff00' },
      refreshPolicy: { type: 'ttl', ttlSeconds: 120, onError: 'serve_stale' },
    });
    expect((await problemOf(await stack.api(`/bindings/${uids[1]}`, { method: 'PUT', key: own, json: {} }))).status).toBe(400);

    // Another account: 404 on every operation, nothing in its list.
    for (const [method, path, json] of [
      ['GET', `/bindings/${uids[1]}`, undefined],
      ['PUT', `/bindings/${uids[1]}`, { name: 'x' }],
      ['DELETE', `/bindings/${uids[1]}`, undefined],
      ['POST', `/bindings/${uids[1]}/refresh`, undefined],
    ] as const) {
      const res = await stack.api(path, { method, key, ...(json ? { json } : {}) });
      expect(res.status).toBe(404);
    }
    expect(
      ((await (await stack.api('/bindings', { key })).json()) as { bindings: { uid: string }[] }).bindings.map((b) => b.uid),
    ).not.toContain(uids[1]);

    const deleted = await stack.api(`/bindings/${uids[1]}`, { method: 'DELETE', key: own });
    expect(deleted.status).toBe(200);
    expect((await stack.api(`/bindings/${uids[1]}`, { key: own })).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/b/${uids[1]}.png`)).status).toBe(404);
  });

  it('lists the bindings whose name contains `search`, in any case, `%` and `_` as typed, and counts only those', async () => {
    const { key: own } = await stack.newAccount();
    const tpl = (
      (await (
        await stack.api('/templates', { method: 'POST', key: own, json: { name: 'c', html: CARD, width: 50, height: 50 } })
      ).json()) as { template: { uid: string } }
    ).template.uid;
    for (const name of ['Scores 50% off', 'Scores 500 off', 'snake_case feed', 'snakeXcase feed', 'Live SCORES']) {
      const res = await create(
        {
          templateId: tpl,
          name,
          dataSource: { url: server.url('/data') },
          mapping: { color: 'data.items[0].color' },
          refreshPolicy: { type: 'manual' },
        },
        own,
      );
      expect(res.status).toBe(201);
    }
    const list = async (query: string) => {
      const body = (await (await stack.api(`/bindings${query}`, { key: own })).json()) as {
        bindings: Array<{ name: string }>;
        pagination: { total: number; hasNext: boolean };
      };
      return { names: body.bindings.map((b) => b.name).sort(), total: body.pagination.total, hasNext: body.pagination.hasNext };
    };
    expect(await list('?search=scores')).toEqual({ names: ['Live SCORES', 'Scores 50% off', 'Scores 500 off'], total: 3, hasNext: false });
    expect(await list(`?search=${encodeURIComponent(' 0% ')}`)).toEqual({ names: ['Scores 50% off'], total: 1, hasNext: false });
    expect(await list('?search=e_c')).toEqual({ names: ['snake_case feed'], total: 1, hasNext: false });
    // A page of the matches, the count of the matches; with status too.
    expect(await list('?search=SCORES&limit=2&page=1')).toEqual(expect.objectContaining({ total: 3, hasNext: true }));
    expect(await list('?search=feed&status=active')).toEqual(expect.objectContaining({ total: 2 }));
    expect(await list('?search=%20%20')).toEqual(expect.objectContaining({ total: 5 }));
    // Another account's names are not searched.
    expect(
      ((await (await stack.api('/bindings?search=snake', { key })).json()) as { pagination: { total: number } }).pagination.total,
    ).toBe(0);
    const tooLong = await stack.api(`/bindings?search=${'x'.repeat(201)}`, { key: own });
    expect(tooLong.status).toBe(400);
    expect((await problemOf(tooLong)).errors).toEqual([
      expect.objectContaining({ field: 'search', message: 'Must be at most 200 characters long' }),
    ]);
  });

  it('tests a data source: the paths it offers, each authentication type, and failures', async () => {
    const test = async (dataSource: Record<string, unknown>) =>
      stack.api('/bindings/test-source', { method: 'POST', key, json: { dataSource } });
    const res = await test({ url: server.url('/data') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { paths: { path: string; type: string; sample: unknown }[]; etag: string; data: unknown };
    expect(body.etag).toBe(state.etag);
    // The fetched document itself, for the dashboard's mapping screen (click a value, map it to a variable).
    expect(body.data).toEqual({ data: { title: state.title, items: [{ name: 'first', color: state.color }] } });
    expect(body.paths).toContainEqual({ path: 'data.items[0].color', type: 'string', sample: '#ff0000' });
    expect(body.paths).toContainEqual({ path: 'data.items', type: 'array', sample: '[1 item]' });

    const seen = async (credentials: Record<string, unknown>) => {
      const r = await test({ url: server.url('/auth'), credentials });
      expect(r.status).toBe(200);
      const paths = ((await r.json()) as { paths: { path: string; sample: unknown }[] }).paths;
      return Object.fromEntries(paths.map((p) => [p.path, p.sample]));
    };
    expect((await seen({ type: 'bearer_token', value: 'abc' }))['headers.authorization']).toBe('Bearer abc');
    expect((await seen({ type: 'basic_auth', username: 'u', password: 'p' }))['headers.authorization']).toBe(
      `Basic ${Buffer.from('u:p').toString('base64')}`,
    );
    expect((await seen({ type: 'api_key', value: 'k1' }))['headers.x-api-key']).toBe('k1');
    expect((await seen({ type: 'custom_header', headerName: 'X-Token', value: 't1' }))['headers.x-token']).toBe('t1');

    // POST sources send their JSON body.
    const posted = await test({ url: server.url('/echo'), method: 'POST', body: { query: 'top', n: 3 } });
    const postedPaths = ((await posted.json()) as { paths: { path: string; sample: unknown }[] }).paths;
    expect(Object.fromEntries(postedPaths.map((p) => [p.path, p.sample]))).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"query":"top","n":3}',
    });
    expect((await problemOf(await test({ url: server.url('/echo'), body: { a: 1 } }))).errors).toEqual([
      { field: 'dataSource.body', message: '`body` is sent only with method POST.', code: expect.any(String) },
    ]);

    // A stored binding: its test uses the sealed credentials, and a PUT of dataSource without credentials keeps them.
    const created = await create({
      templateId,
      dataSource: { url: server.url('/auth'), credentials: { type: 'api_key', headerName: 'X-Token', value: 'stored-secret-value' } },
      mapping: { color: 'headers.x-token', title: 'headers.nothing' },
      defaults: { title: 'd' },
      refreshPolicy: { type: 'manual' },
    });
    const { binding } = (await created.json()) as { binding: Record<string, any> };
    expect(binding.dataSource.credentials).toEqual({ type: 'api_key', headerName: 'X-Token', value: '••••alue' });
    const put = await stack.api(`/bindings/${binding.uid}`, {
      method: 'PUT',
      key,
      json: { dataSource: { url: `${server.url('/auth')}?v=2` } },
    });
    expect(((await put.json()) as { binding: Record<string, any> }).binding.dataSource.credentials).toEqual({
      type: 'api_key',
      headerName: 'X-Token',
      value: '••••alue',
    });
    const stored = await stack.api(`/bindings/${binding.uid}/test`, { method: 'POST', key });
    expect(stored.status).toBe(200);
    const storedBody = (await stored.json()) as { paths: { path: string; sample: unknown }[]; mapping: Record<string, unknown> };
    expect(storedBody.paths).toContainEqual({ path: 'headers.x-token', type: 'string', sample: 'stored-secret-value' });
    expect(storedBody.mapping).toEqual({ ok: true, variables: { color: 'stored-secret-value', title: 'd' } });
    const cleared = await stack.api(`/bindings/${binding.uid}`, {
      method: 'PUT',
      key,
      json: { dataSource: { url: server.url('/auth'), credentials: null } },
    });
    expect(((await cleared.json()) as { binding: Record<string, any> }).binding.dataSource.credentials).toBeNull();

    const invalid = await problemOf(await test({ url: server.url('/invalid') }));
    expect(invalid).toMatchObject({ status: 422, code: 'INVALID_JSON' });
    const loop = await problemOf(await test({ url: server.url('/loop') }));
    expect(loop).toMatchObject({ status: 422, code: 'TOO_MANY_REDIRECTS' });
    const blocked = await problemOf(await test({ url: 'http://169.254.169.254/' }));
    expect(blocked.status).toBe(400);
  });

  it('ends in a clean error state on huge, endless, invalid, looping and unmappable data, keeping the last good image', async () => {
    const res = await create({ ...base(), dataSource: { url: server.url('/slowdata') }, refreshPolicy: { type: 'manual' } });
    const { binding } = (await res.json()) as { binding: Record<string, any> };
    // Before the first render: a transparent 1×1 placeholder, never cached.
    // (its source answers after 800 ms, so the first render cannot be there yet)
    const placeholder = await fetch(local(binding.renderUrl));
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers.get('etag')).toBeNull();
    expect(placeholder.headers.get('cache-control')).toBe('no-store');
    const { data: px, info } = await sharp(Buffer.from(await placeholder.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([1, 1, 4]);
    expect(px[3]).toBe(0);
    await waitFor(async () => {
      const image = await fetchImage(binding.renderUrl);
      return image.pixel && near(image.pixel, RED, 40);
    }, 'the first render');
    const goodEtag = (await fetch(local(binding.renderUrl))).headers.get('etag');

    const cases: [string, Record<string, unknown>, string][] = [
      ['huge', { dataSource: { url: server.url('/huge') } }, 'RESPONSE_TOO_LARGE'],
      ['hang', { dataSource: { url: server.url('/hang') } }, 'FETCH_TIMEOUT'],
      ['invalid', { dataSource: { url: server.url('/invalid') } }, 'INVALID_JSON'],
      ['loop', { dataSource: { url: server.url('/loop') } }, 'TOO_MANY_REDIRECTS'],
      ['unmapped', { dataSource: { url: server.url('/data') }, mapping: { color: 'data.items[3].color' } }, 'MAPPING_FAILED'],
    ];
    for (const [what, patch, code] of cases) {
      const started = Date.now();
      const put = await stack.api(`/bindings/${binding.uid}`, { method: 'PUT', key, json: patch });
      expect(put.status).toBe(200);
      const failed = await waitFor(
        async () => {
          const b = ((await (await stack.api(`/bindings/${binding.uid}`, { key })).json()) as { binding: Record<string, any> }).binding;
          return b.status === 'error' && b.lastError && Date.parse(b.lastError.at) >= started - 1000 && b.lastError.code === code
            ? b
            : null;
        },
        `${what} → ${code}`,
        10_000,
      );
      expect(failed.lastError.message.length).toBeGreaterThan(10);
      const served = await fetchImage(binding.renderUrl);
      expect(served.res.headers.get('etag')).toBe(goodEtag);
      expect(near(served.pixel!, RED, 40)).toBe(true);
    }
    // The unmappable path names the variable and where the path ran into nothing.
    const last = ((await (await stack.api(`/bindings/${binding.uid}`, { key })).json()) as { binding: Record<string, any> }).binding;
    expect(last.lastError.message).toMatch(/color ← data\.items\[3\]\.color \(nothing at data\.items\[3\]\)/);

    // A default fills the unmapped variable: a good render again.
    const withDefault = await stack.api(`/bindings/${binding.uid}`, { method: 'PUT', key, json: { defaults: { color: '#0000ff' } } });
    expect(withDefault.status).toBe(200);
    await waitFor(async () => {
      const image = await fetchImage(binding.renderUrl);
      return image.pixel && near(image.pixel, BLUE, 40);
    }, 'the default colour');
    await waitFor(
      async () =>
        ((await (await stack.api(`/bindings/${binding.uid}`, { key })).json()) as { binding: { status: string } }).binding.status ===
        'active',
      'active again',
    );
  });

  it('a name that later resolves to a blocked address ends in error at the next refresh, the last image kept', async () => {
    const url = server.url('/data').replace(ALLOWED_HOST, 'data.binding.test');
    const res = await create({ ...base(), dataSource: { url }, refreshPolicy: { type: 'manual' } });
    expect(res.status).toBe(201);
    const { binding } = (await res.json()) as { binding: Record<string, any> };
    await waitFor(async () => {
      const image = await fetchImage(binding.renderUrl);
      return image.pixel && near(image.pixel, RED, 40);
    }, 'the first render');
    dnsTarget = '169.254.169.254';
    try {
      expect((await stack.api(`/bindings/${binding.uid}/refresh`, { method: 'POST', key })).status).toBe(202);
      const failed = await waitFor(async () => {
        const b = ((await (await stack.api(`/bindings/${binding.uid}`, { key })).json()) as { binding: Record<string, any> }).binding;
        return b.status === 'error' ? b : null;
      }, 'the error state');
      expect(failed.lastError.code).toBe('BLOCKED_URL');
      expect(failed.lastError.message).toMatch(/169\.254\.169\.254/);
      const served = await fetchImage(binding.renderUrl);
      expect(near(served.pixel!, RED, 40)).toBe(true);
    } finally {
      dnsTarget = ALLOWED_HOST;
    }
  });

  it('serve_error answers a problem from the render URL while the binding is in error', async () => {
    const res = await create({
      ...base(),
      dataSource: { url: server.url('/invalid') },
      refreshPolicy: { type: 'manual', onError: 'serve_error' },
    });
    const { binding } = (await res.json()) as { binding: Record<string, any> };
    const problem = await waitFor(async () => {
      const r = await fetch(local(binding.renderUrl));
      return r.status === 502 ? problemOf(r) : null;
    }, 'the serve_error problem');
    expect(problem).toMatchObject({ status: 502, code: 'INVALID_JSON' });
  });
});

describe('bindings: schedulers share the work and survive restarts (nats+postgres)', () => {
  let stack: TestStack;
  let key: string;
  let templateId: string;
  const slow: Record<string, number> = {};
  let server: Awaited<ReturnType<typeof startPageServer>>;
  const logger = createLogger({ service: 'test', level: 'silent' });

  beforeAll(async () => {
    const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {};
    for (let i = 0; i < 10; i++) {
      routes[`/slow${i}`] = (_req, res) => {
        slow[`/slow${i}`] = (slow[`/slow${i}`] ?? 0) + 1;
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ color: '#0000ff' })), 300);
      };
    }
    server = await startPageServer(routes);
    // The stack's own scheduler does not run: the test starts and stops schedulers itself.
    stack = await startTestStack('nats+postgres', { secretKey: SECRET_KEY, withScheduler: false });
    ({ key } = await stack.newAccount());
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'card', html: CARD, width: 60, height: 40 } });
    templateId = ((await res.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(async () => {
    await stack.dispose();
    await server.close();
  });

  const startOne = (options: { withBindings?: boolean; now?: () => Date } = {}) =>
    startScheduler({
      bus: stack.bus,
      db: stack.db,
      storage: stack.storage,
      owners: stack.owners,
      logger,
      publicBaseUrl: stack.baseUrl,
      pollMs: 60_000,
      retentionMs: 86_400_000,
      // Audit retention is not this suite's subject: 0 keeps every event.
      auditRetentionDays: 0,
      bindings:
        options.withBindings === false
          ? undefined
          : {
              ...(options.now ? { now: options.now } : {}),
              guard: createSsrfGuard({ allowPrivateHosts: [`${ALLOWED_HOST}/32`] }),
              secretBox: createSecretBox(SECRET_KEY),
              // Sweeps are driven by the test (a long poll keeps timers out of the race).
              pollMs: 60_000,
              maxBytes: 1024 * 1024,
              fetchTimeoutMs: 2_000,
              leaseMs: 1_000,
              // Two per claim round: concurrent sweeps interleave their claims.
              concurrency: 2,
            },
    });

  it('two schedulers on one database never refresh one binding twice', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await stack.api('/bindings', {
        method: 'POST',
        key,
        json: { templateId, dataSource: { url: server.url(`/slow${i}`) }, mapping: { color: 'color' }, refreshPolicy: { type: 'manual' } },
      });
      expect(res.status).toBe(201);
      uids.push(((await res.json()) as { binding: { uid: string } }).binding.uid);
    }
    const [a, b] = await Promise.all([startOne(), startOne()]);
    try {
      // Both sweep at once, twice over: every binding is claimed by exactly one of them.
      const counts = await Promise.all([a.sweepBindings(), b.sweepBindings()]);
      const again = await Promise.all([b.sweepBindings(), a.sweepBindings()]);
      expect([...counts, ...again].reduce((x, y) => x + y, 0)).toBe(6);
      expect(counts.every((n) => n > 0)).toBe(true);
      for (let i = 0; i < 6; i++) expect(slow[`/slow${i}`]).toBe(1);
      for (const uid of uids) {
        await waitFor(async () => (await getBindingByUid(stack.db, uid))?.currentRenderId, `render of ${uid}`);
      }
      expect(await renderRows(stack, templateId)).toBe(6);
      // Nothing is due any more: another sweep refreshes nothing.
      expect(await a.sweepBindings()).toBe(0);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('a refresh survives a scheduler restart and a scheduler that died holding the claim', async () => {
    const res = await stack.api('/bindings', {
      method: 'POST',
      key,
      json: { templateId, dataSource: { url: server.url('/slow6') }, mapping: { color: 'color' }, refreshPolicy: { type: 'manual' } },
    });
    const { binding } = (await res.json()) as { binding: { uid: string; renderUrl: string } };
    // A scheduler claims it and dies before fetching (its lease is all that is left).
    const claimed = await claimDueBindings(stack.db, { now: new Date(), limit: 10, leaseMs: 3_000 });
    expect(claimed.map((c) => c.binding.uid)).toContain(binding.uid);
    const replacement = await startOne();
    try {
      // While the lease holds, nobody else takes it.
      expect(await replacement.sweepBindings()).toBe(0);
      expect(slow['/slow6']).toBeUndefined();
      await sleep(Math.max(0, claimed[0]!.lease.getTime() - Date.now()) + 100);
      expect(await replacement.sweepBindings()).toBe(1);
      expect(slow['/slow6']).toBe(1);
      // The render outcome reaches whichever scheduler runs now (durable event group).
      await waitFor(async () => {
        const image = await fetchImage(binding.renderUrl);
        return image.pixel && near(image.pixel, BLUE, 40);
      }, 'the render after the takeover');
    } finally {
      await replacement.stop();
    }

    // A stop between publishing the render and its outcome: the next scheduler settles it.
    const second = await stack.api('/bindings', {
      method: 'POST',
      key,
      json: { templateId, dataSource: { url: server.url('/slow7') }, mapping: { color: 'color' }, refreshPolicy: { type: 'manual' } },
    });
    const { binding: b2 } = (await second.json()) as { binding: { uid: string; renderUrl: string } };
    const first = await startOne();
    expect(await first.sweepBindings()).toBe(1);
    await first.stop();
    const next = await startOne();
    try {
      await waitFor(async () => {
        const image = await fetchImage(b2.renderUrl);
        return image.pixel && near(image.pixel, BLUE, 40);
      }, 'the render settled by the restarted scheduler');
      expect(slow['/slow7']).toBe(1);
    } finally {
      await next.stop();
    }
  });

  it('settles a binding render whose outcome event was consumed by a scheduler without binding settings', async () => {
    const res = await stack.api('/bindings', {
      method: 'POST',
      key,
      json: { templateId, dataSource: { url: server.url('/slow8') }, mapping: { color: 'color' }, refreshPolicy: { type: 'manual' } },
    });
    const { binding } = (await res.json()) as { binding: { uid: string; renderUrl: string } };
    const first = await startOne();
    expect(await first.sweepBindings()).toBe(1);
    await first.stop();
    // A batch-only scheduler takes the render.completed event and ignores it (no binding settings).
    const batchOnly = await startOne({ withBindings: false });
    const pendingRenderId = (await getBindingByUid(stack.db, binding.uid))!.pendingRenderId!;
    await waitFor(async () => (await getRenderById(stack.db, pendingRenderId))?.state === 'done', 'the render');
    await sleep(500);
    await batchOnly.stop();
    expect((await getBindingByUid(stack.db, binding.uid))!.currentRenderId).toBeNull();
    // The next sweep, once the grace period has passed, settles it from the render row.
    const later = await startOne({ now: () => new Date(Date.now() + 60_000) });
    try {
      expect(await later.sweepBindings()).toBe(0);
      expect((await getBindingByUid(stack.db, binding.uid))!.currentRenderId).toBe(pendingRenderId);
      const image = await fetchImage(binding.renderUrl);
      expect(near(image.pixel!, BLUE, 40)).toBe(true);
    } finally {
      await later.stop();
    }
  });

  it('a binding the API makes due is refreshed at once over binding.wake, not at the next poll (ADR 0053)', async () => {
    // Its poll would first look in 60 s: only the wake can start these refreshes in time.
    const scheduler = await startOne();
    try {
      const res = await stack.api('/bindings', {
        method: 'POST',
        key,
        json: { templateId, dataSource: { url: server.url('/slow9') }, mapping: { color: 'color' }, refreshPolicy: { type: 'manual' } },
      });
      expect(res.status).toBe(201);
      const { binding } = (await res.json()) as { binding: { uid: string; renderUrl: string } };
      // Woken, the refreshes start at once; without the wake the poll would first look after 60 s. 20 s leaves room
      // for a loaded machine's stalls and stays far from the poll.
      await waitFor(() => slow['/slow9'] === 1, 'the refresh of the new binding', 20_000);
      await waitFor(async () => (await getBindingByUid(stack.db, binding.uid))?.currentRenderId, 'its render');
      const refreshed = await stack.api(`/bindings/${binding.uid}/refresh`, { method: 'POST', key });
      expect(refreshed.status).toBe(202);
      await waitFor(() => slow['/slow9'] === 2, 'the manual refresh', 20_000);
    } finally {
      await scheduler.stop();
    }
  });
});
