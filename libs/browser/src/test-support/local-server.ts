import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface LocalServer {
  origin: string;
  port: number;
  /** Every request path received, in order (WebSocket upgrades as "upgrade <path>"). */
  hits: string[];
  close(): Promise<void>;
}

/** A loopback HTTP server for one test file; `host` may be any 127/8 address. */
export async function startLocalServer(host: string, routes: Record<string, http.RequestListener>): Promise<LocalServer> {
  const hits: string[] = [];
  const sockets = new Set<Duplex>();
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const html =
  (body: string): http.RequestListener =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

export const redirect =
  (location: string): http.RequestListener =>
  (_req, res) =>
    res.writeHead(302, { location }).end();

/** A 1×1 red PNG. */
export const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
