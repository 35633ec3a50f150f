import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runViaAdminSocket, serveAdminSocket } from '@pressroom/gateway';
import { FLAVOURS, startTestStack, type TestStack } from './harness.js';

/**
 * A plan change made the way an operator makes it (the admin CLI, here through the embedded
 * server's admin socket as `make key`/`accounts plan` reach it) applies to the very next request,
 * though the gateway keeps each owner's plan in memory far longer (docs/adr/0046).
 */
describe.each(FLAVOURS)('owner settings changed while cached (%s)', (flavour) => {
  let stack: TestStack;
  let dir: string;
  let admin: { close(): Promise<void> };
  let socket: string;

  beforeAll(async () => {
    // No renderers needed; a plan cache that would otherwise hold for ten minutes.
    stack = await startTestStack(flavour, { withImageService: false, gateway: { authCacheMs: 600_000 } });
    dir = await mkdtemp(join(tmpdir(), 'pressroom-owner-changes-'));
    socket = join(dir, 'admin.sock');
    admin = await serveAdminSocket({ db: stack.db, path: socket, announce: stack.owners.changed });
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await stack?.dispose();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const policyOf = async (key: string) => {
    const res = await stack.api('/templates', { key });
    expect(res.status).toBe(200);
    return res.headers.get('ratelimit-policy');
  };

  it('applies `accounts plan` to the next request without waiting for the cache', async () => {
    const name = `owner-changes-${flavour.replace(/\W/g, '-')}-${Date.now()}`;
    const { key } = await stack.newAccount(name, { plan: 'pro' });
    const before = await policyOf(key);
    expect(before).toMatch(/^"minute";q=\d+;w=60$/);
    expect(before).not.toBe('"minute";q=7;w=60');

    const reply = await runViaAdminSocket(socket, ['accounts', 'plan', name, 'enterprise', '--per-minute', '7']);
    expect(reply).toMatchObject({ ok: true });
    expect(await policyOf(key)).toBe('"minute";q=7;w=60');
  });
});
