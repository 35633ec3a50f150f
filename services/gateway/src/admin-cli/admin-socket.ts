import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { ConfigError } from '@pressroom/config';
import { DuplicateError, NotFoundError, type Db } from '@pressroom/db';
import { CliError } from './cli-error.js';
import { resolveCommand, type AnnounceChange } from './commands.js';

/**
 * PGlite is one process's database: while the embedded server runs, the
 * admin CLI cannot open it. The server therefore answers admin commands on a
 * Unix socket beside its data (mode 0600: only the owner may use it), and
 * the CLI sends them there. One JSON line in (`{argv}`), one JSON line out.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';

/** Each line with whether it is a note (stderr) or the answer (stdout), in order. */
export type Reply = { ok: true; lines: Array<{ text: string; note?: boolean }> } | { ok: false; error: string };

async function run(db: Db, argv: string[], announce: AnnounceChange): Promise<Reply> {
  const resolved = resolveCommand(argv);
  if (!resolved) return { ok: false, error: `unknown command "${argv.slice(0, 2).join(' ')}"` };
  const lines: Array<{ text: string; note?: boolean }> = [];
  try {
    await resolved.command(db, resolved.args, (text, kind) => lines.push(kind === 'note' ? { text, note: true } : { text }), announce);
    return { ok: true, lines };
  } catch (error) {
    if (error instanceof CliError || error instanceof DuplicateError || error instanceof NotFoundError || error instanceof ConfigError) {
      return { ok: false, error: error.message };
    }
    return { ok: false, error: `internal error: ${(error as Error).message}` };
  }
}

export async function serveAdminSocket(options: {
  db: Db;
  path: string;
  /** The server's owner caches (a plan change applies to its next request); every process is told over the bus. */
  announce?: AnnounceChange;
}): Promise<{ close(): Promise<void> }> {
  const announce = options.announce ?? (() => Promise.resolve());
  await rm(options.path, { force: true });
  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 64 * 1024) return socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      let argv: unknown;
      try {
        argv = (JSON.parse(buffer.slice(0, newline)) as { argv?: unknown }).argv;
      } catch {
        argv = null;
      }
      const reply: Promise<Reply> =
        Array.isArray(argv) && argv.every((a) => typeof a === 'string')
          ? run(options.db, argv, announce)
          : Promise.resolve({ ok: false, error: 'malformed admin request' });
      void reply.then((r) => socket.end(`${JSON.stringify(r)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => resolve());
  });
  await chmod(options.path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Send one command to a running server. Null when no server listens there. */
export function runViaAdminSocket(path: string, argv: string[]): Promise<Reply | null> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.once('end', () => {
      try {
        resolve(JSON.parse(buffer) as Reply);
      } catch {
        resolve({ ok: false, error: 'the running server sent an unreadable answer' });
      }
    });
    socket.once('error', () => resolve(null));
  });
}
