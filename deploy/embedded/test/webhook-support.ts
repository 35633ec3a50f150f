import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type Verify = (rawBody: Buffer, header: string | undefined, secret: string, nowSeconds?: number) => boolean;

/** The receiver's verification function exactly as docs/webhooks.md shows it. */
export async function loadDocumentedVerifier(): Promise<{ verify: Verify; cleanup(): Promise<void> }> {
  const doc = await readFile(join(ROOT, 'docs/webhooks.md'), 'utf8');
  const block = /<!-- verify-webhook:start -->\s*```js\n([\s\S]*?)```\s*<!-- verify-webhook:end -->/.exec(doc);
  if (!block) throw new Error('docs/webhooks.md lost its verify-webhook snippet');
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-verify-'));
  const file = join(dir, 'verify.mjs');
  await writeFile(file, block[1]!);
  const module = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
  return { verify: module.verifyWebhook, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  at: number;
}

/** A page-server route that records what it receives and answers with `status`. */
export function recordInto(
  received: Received[],
  status: number | ((req: IncomingMessage) => number),
  headers: Record<string, string> = {},
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() });
      const code = typeof status === 'number' ? status : status(req);
      res.writeHead(code, headers).end('ok');
    });
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs up through the API and returns a fetch that carries the session cookie and CSRF header like the dashboard. */
export async function dashboardSession(
  baseUrl: string,
  email: string,
): Promise<(path: string, method?: string, json?: unknown) => Promise<Response>> {
  const res = await fetch(`${baseUrl}/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: 'dashboard password' }),
  });
  expect(res.status).toBe(201);
  const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  return (path, method = 'GET', json) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: `pressroom_session=${cookies.pressroom_session}; pressroom_csrf=${cookies.pressroom_csrf}`,
        'x-csrf-token': cookies.pressroom_csrf!,
        'sec-fetch-site': 'same-origin',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? null : JSON.stringify(json),
    });
}
