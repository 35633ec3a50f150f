import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `body` into the response, and destroys it when that fails. Node's pipeline leaves its source
 * open when the response is gone before it starts (the client hung up while the file was being
 * opened: ERR_STREAM_UNABLE_TO_PIPE). A stored file's handle would then be left to the garbage
 * collector, which Node 26 turns into an uncaught error in whatever runs at the time.
 */
export async function streamBody(body: Readable, res: ServerResponse): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (error) {
    body.destroy();
    throw error;
  }
}
