import { createAccount, createApiKey } from '@pressroom/db';
import { createLogger } from '@pressroom/telemetry';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

/**
 * The access line of a request that submitted renders carries their ids (`renderId`, or `renderIds` for
 * several), whichever route answered: submit-render.ts notes each render it takes. No renderer runs
 * here, so every render outlives the short wait and the answer is 202 with its id(s).
 */
describe('render ids on the access log line (pglite)', () => {
  const lines: Array<Record<string, unknown>> = [];
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    const logger = createLogger({ service: 'access-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
    gw = await startTestGateway('pglite', { logger, settings: { renderWaitMs: 300 } });
    const account = await createAccount(gw.db, { name: `access-${Date.now()}`, plan: 'enterprise' });
    key = (await createApiKey(gw.db, { accountId: account.id })).key;
  }, 120_000);
  afterAll(() => gw.close(), 120_000);

  /** The answer to one request, and its access line. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; line: Record<string, unknown> }> {
    const requestId = `access-${lines.length}-${Math.random().toString(36).slice(2)}`;
    const res = await fetch(`${gw.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'x-request-id': requestId, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
    // Written at the answer's end, so at once; looked for up to 30 s of nominal waits for a loaded machine's stalls.
    for (let waited = 0; waited < 30_000; waited += 10) {
      const line = lines.find((l) => l.requestId === requestId && l.msg === 'request');
      if (line) return { status: res.status, body: answer, line };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no access line for ${method} ${path}`);
  }

  it('names the render of POST /image and of POST /pdf/render', async () => {
    const image = await call('POST', '/image', { html: '<h1>x</h1>', width: 100, height: 50 });
    expect(image.status).toBe(202);
    expect(image.line).toMatchObject({ path: '/image', status: 202, renderId: image.body.id });
    const pdf = await call('POST', '/pdf/render', { html: '<h1>x</h1>' });
    expect(pdf.status).toBe(202);
    expect(pdf.line).toMatchObject({ status: 202, renderId: pdf.body.id });
  });

  it('names every render of a request that started several (one template at several sizes)', async () => {
    const created = await call('POST', '/templates', { name: 'Sizes', html: '<p>{{title}}</p>' });
    expect(created.status).toBe(200);
    const uid = created.body.template.uid as string;
    const sizes = await call('POST', `/templates/${uid}/multi-size-render`, {
      variables: { title: 'hello' },
      sizes: [
        { width: 60, height: 60 },
        { width: 90, height: 30 },
      ],
    });
    expect(sizes.status).toBe(202);
    const ids = (sizes.body.renders as Array<{ id: string }>).map((render) => render.id);
    expect(ids).toHaveLength(2);
    expect(sizes.line).not.toHaveProperty('renderId');
    expect([...(sizes.line.renderIds as string[])].sort()).toEqual([...ids].sort());
  });

  it('names no render when none was taken (a refused body)', async () => {
    const refused = await call('POST', '/image', { width: 100, height: 50 });
    expect(refused.status).toBe(400);
    expect(refused.line).not.toHaveProperty('renderId');
    expect(refused.line).not.toHaveProperty('renderIds');
  });
});
