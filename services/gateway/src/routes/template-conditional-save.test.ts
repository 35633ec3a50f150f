import { createAccount, createApiKey } from '@pressroom/db';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

function call(gw: TestGateway, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${gw.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

interface TemplateAnswer {
  template: { uid: string; html: string | null; updatedAt: string };
}

describe('PUT /templates/{uid} with If-Match (conditional saves)', () => {
  let gw: TestGateway;
  let key: string;
  let keyId: string;

  beforeAll(async () => {
    gw = await startTestGateway('pglite');
    const account = await createAccount(gw.db, { name: `if-match-${Date.now()}` });
    const created = await createApiKey(gw.db, { accountId: account.id });
    key = created.key;
    keyId = created.record.id;
  }, 120_000);
  afterAll(async () => {
    await gw.close();
  }, 120_000);

  async function newTemplate(): Promise<{ uid: string; etag: string }> {
    const created = await call(gw, key, 'POST', '/templates', { name: 'Card', html: '<h1>v1</h1>' });
    const { uid } = ((await created.json()) as TemplateAnswer).template;
    const read = await call(gw, key, 'GET', `/templates/${uid}`);
    return { uid, etag: read.headers.get('etag')! };
  }
  const htmlOf = async (uid: string) => ((await (await call(gw, key, 'GET', `/templates/${uid}`)).json()) as TemplateAnswer).template.html;

  it('GET names the revision in a strong ETag, never answered 304 (it does not cover the thumbnail)', async () => {
    const { uid, etag } = await newTemplate();
    expect(etag).toMatch(/^"\d+"$/);
    expect((await call(gw, key, 'GET', `/templates/${uid}`)).headers.get('etag')).toBe(etag);
    expect((await call(gw, key, 'GET', `/templates/${uid}`, undefined, { 'if-none-match': etag })).status).toBe(200);
  });

  it('a current If-Match saves and answers the new tag, which the next GET sends too', async () => {
    const { uid, etag } = await newTemplate();
    const saved = await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>v2</h1>' }, { 'if-match': etag });
    expect(saved.status).toBe(200);
    const next = saved.headers.get('etag')!;
    expect(next).toMatch(/^"\d+"$/);
    expect(next).not.toBe(etag);
    expect((await call(gw, key, 'GET', `/templates/${uid}`)).headers.get('etag')).toBe(next);
    expect(await htmlOf(uid)).toBe('<h1>v2</h1>');
  });

  it('a stale If-Match answers 412 saying who saved when, and writes nothing', async () => {
    const { uid, etag } = await newTemplate();
    const first = await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>Ana</h1>' }, { 'if-match': etag });
    const { template } = (await first.json()) as TemplateAnswer;
    const versionsBefore = ((await (await call(gw, key, 'GET', `/templates/${uid}/versions`)).json()) as { versions: unknown[] }).versions;

    const stale = await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>Ben</h1>' }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await stale.json()) as { type: string; detail: string; etag: string; updatedAt: string; updatedBy: string };
    expect(problem).toMatchObject({
      type: expect.stringMatching(/\/errors\/precondition-failed$/),
      etag: first.headers.get('etag'),
      updatedAt: template.updatedAt,
      updatedBy: `key:${keyId}`,
    });
    expect(problem.detail).toBe(
      `Template ${uid} was changed since it was read: saved by API key ${keyId} at ${template.updatedAt}. ` +
        'Nothing was written; GET it again to see that change, or save with its current ETag (or without If-Match) to replace it.',
    );
    expect(await htmlOf(uid)).toBe('<h1>Ana</h1>');
    const versionsAfter = ((await (await call(gw, key, 'GET', `/templates/${uid}/versions`)).json()) as { versions: unknown[] }).versions;
    expect(versionsAfter).toHaveLength(versionsBefore.length);
  });

  it('a weak or malformed tag never matches (strong comparison); a list matches any of its tags', async () => {
    const { uid, etag } = await newTemplate();
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { name: 'x' }, { 'if-match': `W/${etag}` })).status).toBe(412);
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { name: 'x' }, { 'if-match': 'nonsense' })).status).toBe(412);
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { name: 'x' }, { 'if-match': `"1", ${etag}` })).status).toBe(200);
  });

  it('If-Match: * saves over any revision; no If-Match saves as before; a missing template is 404 either way', async () => {
    const { uid, etag } = await newTemplate();
    await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>moved on</h1>' }, { 'if-match': etag });
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>star</h1>' }, { 'if-match': '*' })).status).toBe(200);
    expect(await htmlOf(uid)).toBe('<h1>star</h1>');
    const plain = await call(gw, key, 'PUT', `/templates/${uid}`, { html: '<h1>plain</h1>' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(await htmlOf(uid)).toBe('<h1>plain</h1>');
    expect((await call(gw, key, 'PUT', '/templates/tpl_missing', { name: 'x' }, { 'if-match': '*' })).status).toBe(404);
    expect((await call(gw, key, 'PUT', '/templates/tpl_missing', { name: 'x' }, { 'if-match': etag })).status).toBe(404);
  });

  it('restoring a version is a save: it answers the new tag, and the tag read before it is stale', async () => {
    const { uid, etag } = await newTemplate();
    const { versions } = (await (await call(gw, key, 'GET', `/templates/${uid}/versions`)).json()) as { versions: Array<{ id: string }> };
    const restored = await call(gw, key, 'POST', `/templates/${uid}/versions/${versions[0]!.id}/restore`);
    expect(restored.status).toBe(200);
    const next = restored.headers.get('etag');
    expect(next).toBe((await call(gw, key, 'GET', `/templates/${uid}`)).headers.get('etag'));
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { name: 'x' }, { 'if-match': etag })).status).toBe(412);
    expect((await call(gw, key, 'PUT', `/templates/${uid}`, { name: 'x' }, { 'if-match': next! })).status).toBe(200);
  });

  it('concurrent saves with the same tag: exactly one wins, the rest get 412', async () => {
    const { uid, etag } = await newTemplate();
    const answers = await Promise.all(
      [1, 2, 3].map((i) => call(gw, key, 'PUT', `/templates/${uid}`, { html: `<p>${i}</p>` }, { 'if-match': etag })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
    const winner = ((await answers.find((a) => a.status === 200)!.json()) as TemplateAnswer).template.html;
    expect(await htmlOf(uid)).toBe(winner);
  });
});
