/**
 * What the image benches share: the embedded API started on a fresh data directory and stopped
 * (its directory removed) whatever the bench does, and POST /image of the 1200×630 card with the
 * bench key. The image bench and the API CPU bench drive the same process the same way; only what
 * they measure around it differs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type ApiProcess } from './api-process.js';

/** The card's size: the Open Graph image most renders are. */
export const CARD_SIZE = { width: 1200, height: 630 };

/** The embedded process for the duration of `use`, on its own data directory (named after `name`). */
export async function withEmbeddedApi<T>(
  options: { name: string; pages: number; nodeArgs?: string[]; env?: Record<string, string> },
  use: (api: ApiProcess) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `pressroom-bench-${options.name}-`));
  const api = await startApi({
    dataDir,
    pages: options.pages,
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  try {
    return await use(api);
  } finally {
    api.child.kill('SIGTERM');
    // Time to flush (a CPU profile, the data directory's last writes) before the directory goes.
    await new Promise((r) => setTimeout(r, 1_000));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** POST /image of `html` at the card's size; the body is read in full (as a client would); throws unless 200. */
export async function postCardImage(api: Pick<ApiProcess, 'baseUrl' | 'key'>, html: string): Promise<void> {
  const res = await fetch(`${api.baseUrl}/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ html, ...CARD_SIZE }),
  });
  if (res.status !== 200) throw new Error(`POST /image answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}
