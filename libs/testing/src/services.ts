import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port: number, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start listening on 127.0.0.1:${port}`);
}

/** Start the Debian PostgreSQL cluster when nothing listens on 5432. */
export async function ensurePostgres(): Promise<void> {
  if (await portOpen(5432)) return;
  const { stdout } = await run('ls', ['/etc/postgresql']);
  const version = stdout.trim().split('\n')[0];
  if (!version) throw new Error('PostgreSQL is not installed (run `make setup`)');
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  await waitForPort(5432, 'PostgreSQL');
}

/** Start nats-server with JetStream when nothing listens on 4222. */
export async function ensureNats(): Promise<void> {
  if (await portOpen(4222)) return;
  await run('start-stop-daemon', [
    '--start', '--oknodo', '--background', '--exec', '/usr/sbin/nats-server', '--',
    '-a', '127.0.0.1', '-p', '4222', '-js', '-sd', '/var/lib/nats-server', '-l', '/var/log/nats-server.log',
  ]);
  await waitForPort(4222, 'nats-server');
}
