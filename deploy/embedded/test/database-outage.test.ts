import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@pressroom/testing';
import { startTestStack, type TestStack } from './harness.js';

/**
 * A TCP hop between Pressroom and PostgreSQL that the test can cut and restore: a real outage as the
 * process sees it (connections reset, new ones refused), on the same address throughout.
 */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Reset every open connection and refuse new ones. */
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    restore: listen,
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}

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
