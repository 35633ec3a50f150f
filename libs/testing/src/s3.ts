import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

/** s3rver's built-in account: any other key pair is refused with 403 (how tests get "a bucket that refuses writes"). */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: use with path-style addressing. */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (the maintained s3rver fork) on an ephemeral port, its
 * buckets in a fresh temp directory, so parallel test runs never share anything.
 */
export async function startTestS3Server(options: { buckets: string[] }): Promise<TestS3Server> {
  const S3rver = require('@20minutes/s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'pressroom-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A TCP server that accepts connections and never answers: an S3 endpoint that times out. */
export async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
