import { finishedSpans, initTracing } from '@pressroom/telemetry';
import { FLAVOURS, QUADRANTS, startTestStack, type TestStack } from './harness.js';

initTracing({ keepInMemory: true });

describe.each(FLAVOURS)('traces, metrics and health (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('carries one trace from the HTTP request through the bus into the renderer', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 64, height: 64 } });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await new Promise((r) => setTimeout(r, 100));
    const spans = finishedSpans();
    const render = spans.find((s) => s.name === 'render.image' && s.attributes['pressroom.render_id'] === id);
    expect(render).toBeDefined();
    const http = spans.find((s) => s.name === 'POST /image' && s.spanContext().traceId === render!.spanContext().traceId);
    expect(http).toBeDefined();
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
  });

  it('serves Prometheus metrics on the ops port only, and health', async () => {
    // The API port has no such route: an anonymous caller gets the API's 401, never the readings.
    expect([401, 404]).toContain((await fetch(`${stack.baseUrl}/metrics`)).status);
    const metrics = await fetch(`${stack.opsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('http_server_request_duration_seconds_bucket');
    const health = (await (await fetch(`${stack.baseUrl}/health`)).json()) as { components: Record<string, { ok: boolean }> };
    expect(Object.keys(health.components).sort()).toEqual([
      'batches',
      'bindings',
      'browser',
      'bus',
      'db',
      'gifBrowser',
      'storage',
      'webhooks',
    ]);
    // Only whether each is ok: the details (process ids, counts) are on the ops port.
    expect(Object.values(health.components).every((c) => Object.keys(c).join() === 'ok')).toBe(true);
    const ready = (await (await fetch(`${stack.opsUrl}/readyz`)).json()) as { components: { browser: Record<string, unknown> } };
    expect(Object.keys(ready.components.browser).length).toBeGreaterThan(1);
  });

  it('answers liveness from the process alone and readiness from the dependencies on the ops port', async () => {
    const live = await fetch(`${stack.opsUrl}/livez`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${stack.opsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { components: Record<string, { ok: boolean }> }).components.db).toMatchObject({ ok: true });
  });
});
