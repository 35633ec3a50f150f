import { createAccount, createApiKey, tables } from '@pressroom/db';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

const design = { version: '7.4.0', objects: [] };

interface Page {
  id?: string;
  name?: string;
}
interface TemplateAnswer {
  template: { uid: string; pages: Page[] };
  version: { id: string };
}

describe('POST /templates/{uid}/versions/{id}/restore gives pages ids', () => {
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    gw = await startTestGateway('pglite');
    const account = await createAccount(gw.db, { name: `restore-ids-${Date.now()}` });
    key = (await createApiKey(gw.db, { accountId: account.id })).key;
  }, 120_000);
  afterAll(async () => {
    await gw.close();
  }, 120_000);

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${gw.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as TemplateAnswer;
  };

  it('a version saved before pages had ids comes back with new ones, and ids it had are kept', async () => {
    const pages = [
      { pageNumber: 1, name: 'Front', fabricJSData: design },
      { pageNumber: 2, name: 'Back', fabricJSData: design },
    ];
    const created = await call('POST', '/templates', { name: 'Booklet', fabricJSData: design, width: 200, height: 100, pages });
    const { uid } = created.template;
    const kept = created.template.pages.map((page) => page.id);
    expect(kept).toEqual([expect.stringMatching(/^pg_/u), expect.stringMatching(/^pg_/u)]);

    // Version 1 as one saved before docs/adr/0077: its pages without ids (this gateway's database holds no other version).
    const [row] = await gw.db.orm.select().from(tables.templateVersions);
    expect(row!.id).toBe(created.version.id);
    await gw.db.orm.update(tables.templateVersions).set({ snapshot: { ...row!.snapshot, pages } });

    const restored = await call('POST', `/templates/${uid}/versions/${created.version.id}/restore`);
    const ids = restored.template.pages.map((page) => page.id);
    expect(restored.template.pages.map((page) => page.name)).toEqual(['Front', 'Back']);
    expect(ids).toEqual([expect.stringMatching(/^pg_[0-9a-z]{24}$/u), expect.stringMatching(/^pg_[0-9a-z]{24}$/u)]);
    expect(ids[0]).not.toBe(ids[1]);
    // What the template now reads is what was answered.
    const read = (await (
      await fetch(`${gw.baseUrl}/templates/${uid}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as TemplateAnswer;
    expect(read.template.pages.map((page) => page.id)).toEqual(ids);

    // Restoring the version just made (whose pages have ids) keeps them.
    const again = await call('POST', `/templates/${uid}/versions/${restored.version.id}/restore`);
    expect(again.template.pages.map((page) => page.id)).toEqual(ids);
  });
});
