import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ADMIN_SOCKET_NAME, serveAdminSocket } from '@pressroom/gateway';
import type { TestStack } from '../../../deploy/embedded/test/harness.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRY = 'services/gateway/src/admin-cli/main.ts';

export interface AdminCli {
  /** Runs `admin-cli <args>` as an operator would; returns its output lines (a printed secret is the last). */
  run(...args: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The admin CLI, run as a child process against a running stack. Like `make run`, the stack answers
 * admin commands on the Unix socket beside its data directory (its in-memory PGlite cannot be opened
 * by a second process), and the CLI finds that socket through PRESSROOM_DATA_DIR.
 */
export async function adminCliFor(stack: TestStack): Promise<AdminCli> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-admin-'));
  const socket = await serveAdminSocket({ db: stack.db, path: join(dataDir, ADMIN_SOCKET_NAME) });
  return {
    async run(...args) {
      const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRY, ...args], {
        cwd: REPO,
        env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', PRESSROOM_DATA_DIR: dataDir, PRESSROOM_ADMIN_SOCKET_WAIT_MS: '0' },
      });
      return stdout.trimEnd().split('\n');
    },
    async close() {
      await socket.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
