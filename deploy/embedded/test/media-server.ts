import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestMedia } from '@pressroom/testing/media';
import { startPageServer } from './harness.js';

type TestMedia = Awaited<ReturnType<typeof makeTestMedia>>;
type Route = (req: IncomingMessage, res: ServerResponse) => void;

export type MediaServer = Awaited<ReturnType<typeof startPageServer>>;

/**
 * Test media (makeTestMedia's clip, tone and still, made with the compositor's ffmpeg in a temporary folder)
 * served from the allowed local host at the paths `routes` builds from their bytes. close() stops the server
 * and removes the folder.
 */
export async function startMediaServer(
  options: Omit<Parameters<typeof makeTestMedia>[0], 'dir'>,
  routes: (media: TestMedia) => Record<string, Route>,
): Promise<MediaServer> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-test-media-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  try {
    const pages = await startPageServer(routes(await makeTestMedia({ ...options, dir })));
    return {
      ...pages,
      async close() {
        await pages.close();
        await removeDir();
      },
    };
  } catch (error) {
    await removeDir();
    throw error;
  }
}
