import { finishedSpans, initTracing } from '@pressroom/telemetry';
import { waitFor } from '@pressroom/testing';
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
    // The spans end around the answer, not before it: waited for (a fixed 100 ms was short on a loaded machine).
    const render = await waitFor(
      () => finishedSpans().find((s) => s.name === 'render.image' && s.attributes['pressroom.render_id'] === id),
      'the render span',
    );
    // …in the same trace as the HTTP request's.
    const http = await waitFor(
      () => finishedSpans().find((s) => s.name === 'POST /image' && s.spanContext().traceId === render.spanContext().traceId),
      'the request span in the render span’s trace',
    );
    expect(http.spanContext().traceId).toBe(render.spanContext().traceId);
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
