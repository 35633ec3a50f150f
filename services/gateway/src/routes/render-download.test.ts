import { completeRender, createAccount, createApiKey, failRender, insertUnchargedRender } from '@pressroom/db';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

/** A 1×1 PNG: what the download must hand back byte for byte. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNg+M8AAAICAQAuFKzOAAAAAElFTkSuQmCC',
  'base64',
);

interface Caller {
  key: string;
  ownerId: string;
  accountId: string;
}

describe('GET /renders/{id}/file', () => {
  let gw: TestGateway;
  let alice: Caller;
  let bob: Caller;
  let templateUid: string;
  const suffix = Math.random().toString(36).slice(2, 8);
  const doneId = `img_dl${suffix}`;

  const caller = async (name: string): Promise<Caller> => {
    const account = await createAccount(gw.db, { name: `${name}-${suffix}` });
    return { key: (await createApiKey(gw.db, { accountId: account.id })).key, ownerId: account.ownerId, accountId: account.id };
  };
  const download = (who: Caller | null, id: string, method = 'GET', headers: Record<string, string> = {}) =>
    fetch(`${gw.baseUrl}/renders/${encodeURIComponent(id)}/file`, {
      method,
      headers: { ...headers, ...(who ? { authorization: `Bearer ${who.key}` } : {}) },
    });
  const insertRender = (who: Caller, id: string, templateId: string | null) =>
    insertUnchargedRender(gw.db, {
      id,
      ownerId: who.ownerId,
      accountId: who.accountId,
      kind: 'image',
      origin: 'template',
      templateId,
      format: 'png',
      width: 1,
      height: 1,
    });
  const finish = async (id: string) => {
    await gw.storage.put(`renders/${id}.png`, PNG, 'image/png');
    await completeRender(gw.db, {
      id,
      // A public URL on another origin (a bucket's): the route never reads from it.
      url: `https://bucket.example.invalid/renders/${id}.png`,
      storageKey: `renders/${id}.png`,
      contentType: 'image/png',
      width: 1,
      height: 1,
      completedAt: new Date(),
    });
  };

  beforeAll(async () => {
    gw = await startTestGateway('pglite');
    alice = await caller('dl-alice');
    bob = await caller('dl-bob');
    const created = await fetch(`${gw.baseUrl}/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zoë’s card: "final"', html: '<p>x</p>', width: 1, height: 1 }),
    });
    expect(created.status).toBe(200);
    templateUid = ((await created.json()) as { template: { uid: string } }).template.uid;
    await insertRender(alice, doneId, templateUid);
    await finish(doneId);
  }, 60_000);
  afterAll(async () => {
    await gw.close();
  });

  it('answers the stored bytes as an attachment named after the template and the render, with their type', async () => {
    const res = await download(alice, doneId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${doneId}.png"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20card-%20-final-${doneId}.png`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await download(alice, doneId, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('resumes a save: one Range is a 206 of those bytes, If-Range of another version the whole file, past the end a 416', async () => {
    const whole = await download(alice, doneId);
    const etag = whole.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const rest = await download(alice, doneId, 'GET', { range: 'bytes=10-', 'if-range': etag! });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 10-${PNG.length - 1}/${PNG.length}`);
    expect(rest.headers.get('content-length')).toBe(String(PNG.length - 10));
    expect(rest.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await rest.arrayBuffer()).equals(PNG.subarray(10))).toBe(true);

    const changed = await download(alice, doneId, 'GET', { range: 'bytes=10-', 'if-range': '"another-version"' });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(PNG)).toBe(true);

    const past = await download(alice, doneId, 'GET', { range: `bytes=${PNG.length + 5}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${PNG.length}`);
    expect(past.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await past.json()) as { detail: string }).detail).toMatch(/starts past the end of this \d+-byte file/);
  });

  it('is a 404 problem for another workspace’s render and for an unknown id, alike', async () => {
    for (const [who, id] of [
      [bob, doneId],
      [alice, 'img_nosuchrender'],
    ] as const) {
      const res = await download(who, id);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(((await res.json()) as { detail: string }).detail).toBe(`No render with id "${id}" exists for this account.`);
    }
  });

  it('says why a render has no file: still rendering (409), failed or its file gone (404)', async () => {
    const queued = `img_q${suffix}`;
    await insertRender(alice, queued, null);
    const waiting = await download(alice, queued);
    expect(waiting.status).toBe(409);
    expect(((await waiting.json()) as { detail: string }).detail).toBe(
      `Render ${queued} is still queued; its file can be downloaded once it is done.`,
    );

    const failed = `img_f${suffix}`;
    await insertRender(alice, failed, null);
    await failRender(gw.db, { id: failed, error: { slug: 'render-timeout', detail: 'too slow' }, completedAt: new Date() });
    const refused = await download(alice, failed);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { detail: string }).detail).toBe(`Render ${failed} failed, so it has no file to download.`);

    const gone = `img_g${suffix}`;
    await insertRender(alice, gone, null);
    await finish(gone);
    await gw.storage.delete(`renders/${gone}.png`);
    const missing = await download(alice, gone);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/no longer stored/);
  });

  it('names a render of no template by its id, and wants a key or a session', async () => {
    const plain = `img_p${suffix}`;
    await insertRender(alice, plain, null);
    await finish(plain);
    const res = await download(alice, plain);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${plain}.png"; filename*=UTF-8''${plain}.png`);
    expect((await download(null, plain)).status).toBe(401);
  });
});
