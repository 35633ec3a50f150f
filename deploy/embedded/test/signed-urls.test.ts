import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { signRenderUrl } from '@pressroom/url-signing';
import { problemOf, startTestStack, type TestStack } from './harness.js';

const run = promisify(execFile);
const PAGE = '<html><body style="margin:0;background:{{color}}"><p style="font-size:4px">{{text}}</p></body></html>';

async function redness(res: Response): Promise<number[]> {
  const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Array.from(data.subarray(0, 3));
}

/** A snippet of docs/signed-urls.md, as published. */
async function snippet(pattern: RegExp): Promise<string> {
  const doc = await readFile(new URL('../../../docs/signed-urls.md', import.meta.url), 'utf8');
  const match = pattern.exec(doc);
  if (!match) throw new Error(`no snippet ${String(pattern)} in docs/signed-urls.md`);
  return match[1]!;
}

describe.each(['memory+pglite', 'nats+postgres'] as const)('signed render URLs (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let uid: string;
  let other: { key: string; uid: string };

  async function template(apiKey: string): Promise<string> {
    const res = await stack.api('/templates', { method: 'POST', key: apiKey, json: { name: 'signed', html: PAGE, width: 20, height: 10 } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }
  async function newSecret(apiKey: string, json: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
    const res = await stack.api('/account/url-signing-secret', { method: 'POST', key: apiKey, json });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; secret: string };
  }
  const get = (pathAndQuery: string) => fetch(`${stack.baseUrl}${pathAndQuery}`);
  async function expectProblem(res: Response, slug: string, detail?: RegExp): Promise<void> {
    expect(res.status).toBe(403);
    expect(res.headers.get('x-pressroom-error')).toBe(slug);
    const problem = await problemOf(res);
    expect(problem.type).toMatch(new RegExp(`/errors/${slug}$`));
    if (detail) expect(problem.detail).toMatch(detail);
  }

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
    uid = await template(key);
    const b = await stack.newAccount();
    other = { key: b.key, uid: await template(b.key) };
  });
  afterAll(() => stack?.dispose());

  it('makes a secret shown once, renders a signed URL without a key, and still accepts token=', async () => {
    const made = await newSecret(key);
    expect(made.id).toMatch(/^uss_/);
    expect(made.secret).toMatch(/^urlsec_/);
    const shown = (await (await stack.api('/account/url-signing-secret', { key })).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ id: made.id, maxRenders: null, rendersUsed: 0 });
    expect(shown.secret).toBeUndefined();

    const url = signRenderUrl(`/r/${uid}.png?color=%23ff0000&text=a b`, { secretId: made.id, secret: made.secret });
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pressroom-error')).toBeNull();
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await redness(res)).toEqual([255, 0, 0]);

    const token = await get(`/r/${uid}.png?token=${key}&color=%2300ff00`);
    expect(token.status).toBe(200);
    expect(await redness(token)).toEqual([0, 255, 0]);
  });

  it('answers a clear 403 for a tampered parameter, another path, another account and an expired URL', async () => {
    const mine = await newSecret(key);
    const theirs = await newSecret(other.key);
    const signed = signRenderUrl(`/r/${uid}.png?color=%23ff0000`, { secretId: mine.id, secret: mine.secret });
    await expectProblem(await get(signed.replace('%23ff0000', '%230000ff')), 'invalid-signature', /changed after signing/);
    await expectProblem(await get(`${signed}&text=extra`), 'invalid-signature');
    await expectProblem(await get(signed.replace(`${uid}.png`, `${uid}.webp`)), 'invalid-signature');
    await expectProblem(await get(signed.replace(uid, other.uid)), 'invalid-signature');
    // Account B's secret cannot sign for account A's sid, nor A's for B's.
    const forged = signRenderUrl(`/r/${uid}.png?color=%23ff0000`, { secretId: mine.id, secret: theirs.secret });
    await expectProblem(await get(forged), 'invalid-signature');
    const crossed = signRenderUrl(`/r/${other.uid}.png?color=%23ff0000`, { secretId: theirs.id, secret: mine.secret });
    await expectProblem(await get(crossed), 'invalid-signature');
    const expired = signRenderUrl(`/r/${uid}.png?color=%23ff0000`, {
      secretId: mine.id,
      secret: mine.secret,
      expiresAt: new Date(Date.now() - 1_000),
    });
    await expectProblem(await get(expired), 'signature-expired', /expired at/);
    await expectProblem(await get(`/r/${uid}.png?color=%23ff0000&sid=${mine.id}&s=xyz`), 'invalid-signature');
    await expectProblem(await get(`/r/${uid}.png?color=%23ff0000&sid=uss_unknown&s=${'0'.repeat(64)}`), 'invalid-signature');
  });

  it('stops old URLs when the secret rotates, and caps the distinct renders', async () => {
    const first = await newSecret(key);
    const old = signRenderUrl(`/r/${uid}.png?color=%23ff0000&text=rot`, { secretId: first.id, secret: first.secret });
    expect((await get(old)).status).toBe(200);
    const capped = await newSecret(key, { maxRenders: 1 });
    await expectProblem(await get(old), 'invalid-signature', /rotated or revoked/);

    const sign = (text: string) =>
      signRenderUrl(`/r/${uid}.png?color=%23ffff00&text=${text}`, { secretId: capped.id, secret: capped.secret });
    expect((await get(sign('one'))).status).toBe(200);
    // The same URL again is the cache: no new render, still allowed.
    expect((await get(sign('one'))).status).toBe(200);
    await expectProblem(await get(sign('two')), 'signed-render-cap');
    const shown = (await (await stack.api('/account/url-signing-secret', { key })).json()) as { rendersUsed: number; maxRenders: number };
    expect(shown).toMatchObject({ rendersUsed: 1, maxRenders: 1 });

    expect((await stack.api('/account/url-signing-secret', { method: 'DELETE', key })).status).toBe(204);
    await expectProblem(await get(sign('one')), 'invalid-signature');
    expect((await stack.api('/account/url-signing-secret', { key })).status).toBe(404);
  });

  it('refuses a bad maxRenders with a validation problem', async () => {
    const res = await stack.api('/account/url-signing-secret', { method: 'POST', key, json: { maxRenders: 0 } });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errors[0].field).toBe('maxRenders');
  });

  it('the Python snippet of docs/signed-urls.md signs URLs the stack accepts', async () => {
    const made = await newSecret(key);
    const call = `print(sign_render_url(${JSON.stringify(stack.baseUrl)}, ${JSON.stringify(`/r/${uid}.png`)}, {"color": "#00ffff", "text": "wörld & co"}, ${JSON.stringify(made.id)}, ${JSON.stringify(made.secret)}, exp=4102444800))`;
    const { stdout } = await run('python3', ['-c', `${await snippet(/### Python\n\n```python\n([\s\S]*?)```/)}\n${call}`]);
    const res = await fetch(stdout.trim());
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pressroom-error')).toBeNull();
    expect(await redness(res)).toEqual([0, 255, 255]);
  });

  it('the dependency-free TypeScript snippet of docs/signed-urls.md signs URLs the stack accepts', async () => {
    const made = await newSecret(key);
    const code = await snippet(/Without it, in Node:\n\n```ts\n([\s\S]*?)```/);
    const call = `console.log(signRenderUrl(${JSON.stringify(stack.baseUrl)}, ${JSON.stringify(`/r/${uid}.png`)}, { color: '#ff00ff', text: "it's (ok)*" }, ${JSON.stringify(made.id)}, ${JSON.stringify(made.secret)}));`;
    const dir = await mkdtemp(join(tmpdir(), 'signed-ts-'));
    try {
      await writeFile(join(dir, 'sign.ts'), `${code}\n${call}\n`);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', join(dir, 'sign.ts')]);
      const res = await fetch(stdout.trim());
      expect(res.status).toBe(200);
      expect(res.headers.get('x-pressroom-error')).toBeNull();
      expect(await redness(res)).toEqual([255, 0, 255]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
