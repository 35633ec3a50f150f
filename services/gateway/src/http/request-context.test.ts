import express from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { newId } from '@pressroom/contracts';
import { createLogger } from '@pressroom/telemetry';
import { jsonBody } from './json-body.js';
import { noteRenderId, requestContext } from './request-context.js';

describe('the gateway access log line', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ service: 'access-test', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  let server: Server;
  let baseUrl: string;
  const first = newId('img');
  const second = newId('img');

  beforeAll(async () => {
    const app = express();
    app.use(requestContext({ logger }));
    app.use(jsonBody({ maxBodyBytes: 1024 }));
    // A render route: the id is learned after the body is parsed and across awaits, as a submission learns it
    // (submit-render.test.ts checks that every submitted render is noted).
    app.post('/image', async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      noteRenderId(first);
      res.status(202).json({ id: first });
    });
    app.post('/layouts', async (_req, res) => {
      noteRenderId(first);
      await Promise.resolve();
      noteRenderId(second);
      res.status(202).json({});
    });
    app.get('/image/:id', (_req, res) => res.status(404).end());
    app.get('/files/renders/:file', (_req, res) => res.status(404).end());
    app.get('/templates', (_req, res) => res.status(200).json([]));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  async function accessLine(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const requestId = `req-${lines.length}-${Math.random().toString(36).slice(2)}`;
    await (await fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, 'x-request-id': requestId } })).arrayBuffer();
    // Written at the answer's end, so at once; looked for up to 30 s of nominal waits for a loaded machine's stalls.
    for (let waited = 0; waited < 30_000; waited += 10) {
      const line = lines.find((l) => l.requestId === requestId && l.msg === 'request');
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no access line for ${path}`);
  }

  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"html":"<h1>x</h1>"}' };

  it('carries the id of the render a request started', async () => {
    expect(await accessLine('/image', post)).toMatchObject({ method: 'POST', path: '/image', status: 202, renderId: first });
  });

  it('carries every id when a request started several (template layouts)', async () => {
    expect(await accessLine('/layouts', post)).toMatchObject({ status: 202, renderIds: [first, second] });
  });

  it('carries the id a path names: a render looked up, its file', async () => {
    expect(await accessLine(`/image/${second}`)).toMatchObject({ status: 404, renderId: second });
    expect(await accessLine(`/files/renders/${second}.png`)).toMatchObject({ renderId: second });
  });

  it('has no render id when the request was about none', async () => {
    const line = await accessLine('/templates');
    expect(line).toMatchObject({ status: 200 });
    expect(line).not.toHaveProperty('renderId');
    expect(line).not.toHaveProperty('renderIds');
  });
});
