import { createTestDatabase, startCuttableProxy } from '@pressroom/testing';
import { startTestStack, type TestStack } from './harness.js';

describe('a database outage (PostgreSQL behind a connection the test cuts)', () => {
  let stack: TestStack;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    stack = await startTestStack('memory+pglite', { databaseUrl: proxied.toString() });
  });
  afterAll(async () => {
    await stack?.dispose();
    proxy?.close();
    await database?.drop();
  });

  const status = async (path: string) => {
    const res = await fetch(`${stack.opsUrl}${path}`);
    return { status: res.status, body: (await res.json()) as { status: string; components?: Record<string, { ok: boolean }> } };
  };

  it('keeps liveness up (no pod restarts) while readiness reports the database, and recovers with it', async () => {
    expect((await status('/livez')).status).toBe(200);
    expect((await status('/readyz')).status).toBe(200);

    await proxy.cut();
    // Readiness takes the pod out of the Service; liveness must not, or every pod restarts at once.
    const ready = await status('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.components?.db?.ok).toBe(false);
    expect(ready.body.components?.bus?.ok).toBe(true);
    for (let i = 0; i < 3; i++) expect(await status('/livez')).toEqual({ status: 200, body: { status: 'ok' } });

    await proxy.restore();
    const until = Date.now() + 20_000;
    let back = await status('/readyz');
    while (back.status !== 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      back = await status('/readyz');
    }
    expect(back.status).toBe(200);
    expect(back.body.components?.db?.ok).toBe(true);
  });
});
