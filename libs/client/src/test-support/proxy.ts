import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one request: pass it on, answer it itself, or cut the connection mid-body. */
export type ProxyAction = 'forward' | 'cut-body' | { status: number; headers: Record<string, string>; body: string };

export interface TestProxy {
  url: string;
  /** Every request that reached the proxy: method, path and headers. */
  seen: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A local HTTP proxy in front of a live Pressroom that can inject answers (a 429)
 * or cut the socket halfway through a body: the network failures the SDK must survive.
 */
export async function startProxy(target: string, decide: (req: IncomingMessage, index: number) => ProxyAction): Promise<TestProxy> {
  const seen: TestProxy['seen'] = [];
  const upstream = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const index = seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers }) - 1;
    const action = decide(req, index);
    if (typeof action === 'object') {
      req.resume();
      res.writeHead(action.status, action.headers).end(action.body);
      return;
    }
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        if (action === 'cut-body') {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.once('data', (chunk: Buffer) => {
            res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
            res.socket?.destroy();
            answer.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.socket?.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
