import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { INPUT_MAX_DEPTH } from '@pressroom/contracts';
import { createLogger } from '@pressroom/telemetry';
import { jsonBody } from './json-body.js';
import { problemMiddleware, sizeInWords } from './problem-middleware.js';
import { urlInputRule } from './url-input.js';

/** The door of the real app (URL rule, JSON body parser, problem middleware) in front of a handler that echoes. */
function doorApp(): express.Express {
  const app = express();
  app.set('query parser', 'simple');
  app.use(urlInputRule);
  app.use(jsonBody({ maxBodyBytes: 5 * 1024 * 1024 }));
  app.get('/thrown/:status', (req) => {
    const error = Object.assign(new Error(`thrown ${req.params.status}`), { status: Number(req.params.status), expose: true });
    throw error;
  });
  app.all('/{*rest}', (req, res) => {
    res.json({ echoed: JSON.stringify(req.body ?? null).length, query: req.query });
  });
  app.use(
    problemMiddleware({
      errorsBaseUrl: 'http://x/errors',
      maxBodyBytes: 5 * 1024 * 1024,
      logger: createLogger({ service: 't', level: 'silent' }),
    }),
  );
  return app;
}

function nestedText(levels: number): string {
  return `{"variables":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
}

describe('the input door', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = doorApp().listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (body: string, path = '/image') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  async function expectFieldProblem(res: Response, field: RegExp | string, message: RegExp) {
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { type: string; detail: string; errors: Array<{ field: string; message: string }> };
    expect(body.type).toBe('http://x/errors/validation-error');
    expect(body.errors[0]!.field).toMatch(field);
    expect(body.errors[0]!.message).toMatch(message);
    expect(body.detail).toContain(body.errors[0]!.field);
  }

  it('lets a body nested exactly to the limit through', async () => {
    const res = await post(nestedText(INPUT_MAX_DEPTH - 1));
    expect(res.status).toBe(200);
  });

  it('answers 400 naming the field for a body one level deeper and for 10,000 levels', async () => {
    await expectFieldProblem(await post(nestedText(INPUT_MAX_DEPTH)), /^variables(\.a)+$/, /deeper than 64 levels/);
    await expectFieldProblem(await post(nestedText(10_000)), /^variables(\.a)+$/, /deeper than 64 levels/);
    const arrays = `{"variableSets":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    await expectFieldProblem(await post(arrays, '/templates/t/batch-render'), /^variableSets(\.0)+$/, /deeper/);
  });

  it('answers 400 for NUL and lone surrogates in values and keys, escaped or raw', async () => {
    await expectFieldProblem(await post('{"name":"a\\u0000b"}'), 'name', /NUL/);
    await expectFieldProblem(await post('{"tags":["ok","\\ud800"]}'), 'tags.1', /lone UTF-16 surrogate \(\\ud800\)/);
    await expectFieldProblem(await post('{"filters":{"\\udfff":1}}'), 'filters.\\udfff', /key contains a lone/);
    await expectFieldProblem(await post(JSON.stringify({ html: 'x\u0000' })), 'html', /NUL/);
  });

  it('answers 400 for NUL in a query value or a path segment, on GET too', async () => {
    await expectFieldProblem(await fetch(`${base}/image?title=a%00b`), 'title', /NUL/);
    await expectFieldProblem(await fetch(`${base}/templates/a%00b`), /^segment \d$/, /NUL/);
    await expectFieldProblem(await fetch(`${base}/templates/a%ED%A0%80`), /^segment \d$/, /not valid percent-encoded UTF-8/);
    await expectFieldProblem(await fetch(`${base}/image?t=%ED%A0%80%00`), 't', /NUL/);
    const fine = await fetch(`${base}/image?title=${encodeURIComponent('😀 ok')}`);
    expect(fine.status).toBe(200);
  });

  it('keeps the status of a 4xx error thrown by express helpers instead of answering 500', async () => {
    const range = await fetch(`${base}/thrown/416`);
    expect(range.status).toBe(416);
    expect(range.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await range.json()) as { detail: string }).detail).toBe('thrown 416');
    expect((await fetch(`${base}/thrown/404`)).status).toBe(404);
    expect((await fetch(`${base}/thrown/500`)).status).toBe(500);
  });

  it('answers a body over the limit with a 413 problem saying the limit in bytes and in MiB, and what to do', async () => {
    const res = await post(JSON.stringify({ html: 'x'.repeat(5 * 1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as { detail: string; errors: Array<{ field: string; message: string }> };
    expect(problem.detail).toBe(
      'The request body is larger than the limit of 5242880 bytes (5 MiB). Link large pictures and files by URL instead of embedding them as data: URLs.',
    );
    expect(problem.errors).toEqual([{ field: '(body)', message: problem.detail, code: 'invalid_value' }]);
  });

  it('says a size in the largest whole-ish unit', () => {
    expect([sizeInWords(5 * 1024 * 1024), sizeInWords(1536), sizeInWords(512), sizeInWords(3 * 1024 ** 3)]).toEqual([
      '5 MiB',
      '1.5 KiB',
      '512 bytes',
      '3 GiB',
    ]);
  });
});
