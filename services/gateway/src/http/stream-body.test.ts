import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { streamBody } from './stream-body.js';

describe('streamBody', () => {
  let dir: string;
  let file: string;
  let server: Server;
  let handleRequest: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stream-body-'));
    file = join(dir, 'thumbnail.png');
    await writeFile(file, Buffer.alloc(200_000, 7));
    server = createServer((req, res) => void handleRequest(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a file whole', async () => {
    handleRequest = async (_req, res) => {
      const handle = await open(file, 'r');
      await streamBody(handle.createReadStream(), res);
    };
    const body = await fetch(url()).then((answer) => answer.arrayBuffer());
    expect(Buffer.from(body).equals(Buffer.alloc(200_000, 7))).toBe(true);
  });

  it('closes the file when the client hung up before the bytes started (pipeline alone leaves it open)', async () => {
    const outcome = new Promise<{ error: unknown; fdAfter: number }>((resolve) => {
      handleRequest = async (req, res) => {
        await once(req.socket, 'close'); // the client is gone before the file is even opened
        const handle = await open(file, 'r');
        const body = handle.createReadStream();
        const error = await streamBody(body, res).then(
          () => null,
          (e: unknown) => e,
        );
        // The stream closes its handle asynchronously; a handle still open after a second stays open.
        if (!body.closed) await Promise.race([once(body, 'close'), new Promise((r) => setTimeout(r, 1000))]);
        const fdAfter = handle.fd;
        await handle.close();
        resolve({ error, fdAfter });
      };
    });
    const request = get(url());
    request.on('error', () => {});
    request.on('socket', (socket) => socket.on('connect', () => setTimeout(() => request.destroy(), 50)));
    const { error, fdAfter } = await outcome;
    expect((error as { code?: string }).code).toBe('ERR_STREAM_UNABLE_TO_PIPE');
    expect(fdAfter).toBe(-1);
  });
});
