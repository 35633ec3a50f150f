import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CuttableProxy {
  /** The proxy's port on 127.0.0.1: point the client here instead of at the target. */
  readonly port: number;
  /** Reset every open connection and refuse new ones: an outage as the client sees it. */
  cut(): Promise<void>;
  /** Accept connections again, on the same port (nothing to do when not cut). */
  restore(): Promise<void>;
  close(): void;
}

/**
 * A TCP hop between Pressroom and a server it depends on (PostgreSQL, NATS) that a test can cut and
 * restore: a real outage as the process sees it (connections reset, new ones refused), on the same
 * address throughout, while the shared server keeps serving everyone else.
 */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
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
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    async restore() {
      if (!server) await listen();
    },
    close() {
      for (const s of sockets) s.destroy();
      server?.close();
    },
  };
}
