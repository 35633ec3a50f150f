import { waitFor } from '@pressroom/testing';
import { FLAVOURS, TEST_BROWSER, freshConnection, startTestStack, type TestStack } from './harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the stack's browser is rendering: the render is in flight, not queued. */
async function renderUnderway(stack: TestStack): Promise<void> {
  for (let i = 0; stack.pool!.health().pagesBusy === 0; i++) {
    if (i > 400) throw new Error('the render never started');
    await sleep(25);
  }
}

/**
 * `make run` stopped (SIGTERM, Ctrl-C: `stack.close()`) as each service stops in its own process
 * (docs/operations.md#shutdown, docs/adr/0068; shutdown.test.ts for those): not ready at once, the
 * requests in flight answered, each part within its own grace.
 */
describe.each(FLAVOURS)('the embedded stack closing (%s)', (flavour) => {
  it('answers a client waiting for its render with the image (not an empty reply), says not ready meanwhile, refuses new connections, and closes after it', async () => {
    // The real graces (the harness shortens them for the other suites' teardown), and a render time-out past the
    // 8 s render below.
    const stack = await startTestStack(flavour, { shutdownGraceMs: undefined, browser: { ...TEST_BROWSER, renderTimeoutMs: 30_000 } });
    try {
      const { key } = await stack.newAccount();
      const answer = stack
        // 8 s in flight: the checks below happen while it is, even after a loaded machine's stall (0.5–2 s).
        .api('/image', { method: 'POST', key, json: { html: '<h1>in flight</h1>', width: 300, height: 100, delayMs: 8_000 } })
        .then(async (res) => ({ res, body: await res.text(), at: Date.now() }));
      await renderUnderway(stack);

      const closing = stack.close().then(() => Date.now());
      // Draining (once the close got there, not after a fixed 200 ms): out of rotation but alive; no new connection
      // is taken.
      const readyz = await waitFor(async () => {
        const answer = await fetch(`${stack.opsUrl}/readyz`);
        return answer.status === 503 ? answer : (await answer.body?.cancel(), null);
      }, 'readiness to say draining');
      let answered = false;
      void answer.then(() => (answered = true));
      expect(((await readyz.json()) as { components: Record<string, unknown> }).components.shutdown).toEqual({ ok: false, draining: true });
      expect((await fetch(`${stack.opsUrl}/livez`)).status).toBe(200);
      await expect(freshConnection(`${stack.baseUrl}/health`)).rejects.toThrow(/ECONNREFUSED/);
      // All of this while the render was still in flight.
      expect(answered).toBe(false);

      const { res, body, at: answeredAt } = await answer;
      expect({ status: res.status, body: res.status === 200 ? 'image' : body }).toEqual({ status: 200, body: 'image' });
      expect(res.headers.get('connection')).toBe('close');
      expect(JSON.parse(body)).toMatchObject({ id: expect.stringMatching(/^img_/), url: expect.stringMatching(/\.png$/) });
      const closedAt = await closing;
      expect(closedAt).toBeGreaterThanOrEqual(answeredAt);
    } finally {
      // Closing again waits for the same close; then the files and the database go.
      await stack.dispose();
    }
  }, 120_000);

  it('ends an open batch progress stream at once, telling its EventSource to reconnect, instead of waiting the 320 s grace for it', async () => {
    // The real graces: the API's is 320 s, past this test's time-out.
    const stack = await startTestStack(flavour, { shutdownGraceMs: undefined });
    try {
      const { key } = await stack.newAccount();
      const created = await stack.api('/templates', {
        method: 'POST',
        key,
        json: { name: 'Slow batch', html: '<h1>{{n}}</h1>', width: 60, height: 40 },
      });
      const { uid } = ((await created.json()) as { template: { uid: string } }).template;
      // A hundred rows one at a time: still running when the stack closes.
      const variableSets = Array.from({ length: 100 }, (_, n) => ({ n: String(n) }));
      const started = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json: { variableSets, concurrency: 1 } });
      expect(started.status).toBe(202);
      const { batchId } = (await started.json()) as { batchId: string };

      const events = await stack.api(`/templates/batch/${batchId}/events`, { key });
      expect(events.status).toBe(200);
      const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: progress')) text += (await reader.read()).value ?? '';

      const closingAt = Date.now();
      const closing = stack.close().then(() => Date.now());
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
      const endedAt = Date.now();
      // Ended cleanly (a complete body: reading it threw nothing) within moments, with its goodbye last: not at the 320 s
      // grace (the bound leaves room for a loaded machine's stall).
      expect(endedAt - closingAt).toBeLessThan(15_000);
      expect(text.endsWith('\n\n: the server is shutting down; reconnect\nretry: 1000\n\n')).toBe(true);
      const progress = text
        .split('\n\n')
        .filter((block) => block.startsWith('event: progress'))
        .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as { total: number; status: string });
      // Still running when the stream ended: on a loaded machine the close can come before the first row starts (pending).
      expect(progress.at(-1)).toMatchObject({ total: 100, status: expect.stringMatching(/^(pending|processing)$/) });
      // The stack's own stop does not wait for the stream either: only for the one batch render in flight.
      expect((await closing) - closingAt).toBeLessThan(20_000);
    } finally {
      await stack.dispose();
    }
  }, 120_000);

  it('with PRESSROOM_SHUTDOWN_GRACE_MS, stops within that grace: what outlives it is cut, not waited for', async () => {
    const stack = await startTestStack(flavour, { shutdownGraceMs: 1_000, browser: { ...TEST_BROWSER, renderTimeoutMs: 60_000 } });
    try {
      const { key } = await stack.newAccount();
      const answer = stack.api('/image', {
        method: 'POST',
        key,
        // Waits for an element that never comes: in flight until the 60 s render time-out.
        json: { html: '<h1>long</h1>', width: 300, height: 100, waitForSelector: '#never-there' },
      });
      answer.catch(() => undefined);
      await renderUnderway(stack);

      const started = Date.now();
      await stack.close();
      const took = Date.now() - started;
      // About the grace (every part at once, the API's and the renderer's 1 s each), not the 60 s render: the render is
      // that long so that the bound leaves room for a loaded machine's stall (it was 6 s against a 10 s render).
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(15_000);
      // The request the API still held when its grace ran out was cut.
      await expect(answer).rejects.toThrow();
    } finally {
      // Closing again waits for the same close; then the files and the database go.
      await stack.dispose();
    }
  }, 120_000);
});
