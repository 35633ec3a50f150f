import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@pressroom/telemetry';
import { BlockedUrlError, type CheckedUrl, type SsrfGuard } from '@pressroom/ssrf';

/**
 * On a 502 the proxy makes itself because the target could not be reached: the socket error's code (ECONNREFUSED,
 * ETIMEDOUT, ...). Dropped from every upstream answer, so a site cannot pass its own 502 off as unreachable.
 */
export const EGRESS_ERROR_HEADER = 'x-pressroom-egress-error';

export interface EgressProxy {
  /** For --proxy-server, e.g. http://127.0.0.1:41234 */
  readonly address: string;
  /** host:port targets refused so far (most recent last, capped). */
  readonly refused: readonly string[];
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own: never forwarded. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);
const REFUSED_KEPT = 100;

/**
 * The browser's only way out. Chromium resolves nothing itself: it hands every
 * host name to this proxy, which resolves it, checks every address with the
 * guard and connects to exactly the address it checked. That closes the DNS
 * rebinding window between request interception and Chromium's own lookup,
 * and covers traffic interception never sees (WebSockets, workers, service
 * workers, popups).
 */
export async function startEgressProxy(options: { guard: SsrfGuard; logger?: Logger }): Promise<EgressProxy> {
  const { guard, logger } = options;
  const refused: string[] = [];
  const server = http.createServer();
  const sockets = new Set<Duplex>();
  let ownPort = 0;

  async function approve(url: string): Promise<{ checked: CheckedUrl; host: string; port: number } | null> {
    try {
      const checked = await guard.resolve(url);
      const host = checked.addresses[0]?.address ?? checked.url.hostname.replace(/^\[|\]$/g, '');
      const port = Number(checked.url.port || (checked.url.protocol === 'https:' ? 443 : 80));
      // The proxy itself listens on loopback; an allow-listed loopback must not reach it through itself.
      if (port === ownPort && (host === '127.0.0.1' || host === '::1' || checked.url.hostname === 'localhost')) {
        throw new BlockedUrlError(url, 'points to the renderer’s own proxy');
      }
      return { checked, host, port };
    } catch (error) {
      refused.push(url);
      if (refused.length > REFUSED_KEPT) refused.shift();
      logger?.warn({ url, reason: error instanceof BlockedUrlError ? error.reason : String(error) }, 'egress proxy refused a connection');
      return null;
    }
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  // Plain http:// requests arrive in absolute form.
  server.on('request', (request, response) => {
    void (async () => {
      const target = await approve(request.url ?? '');
      if (!target) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('blocked by the renderer egress policy');
        return;
      }
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) if (!HOP_HEADERS.has(name)) headers[name] = value;
      const upstream = http.request({
        host: target.host,
        port: target.port,
        method: request.method,
        path: `${target.checked.url.pathname}${target.checked.url.search}`,
        headers,
        setHost: false,
      });
      upstream.on('response', (upstreamResponse) => {
        const responseHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(upstreamResponse.headers))
          if (!HOP_HEADERS.has(name) && name !== EGRESS_ERROR_HEADER) responseHeaders[name] = value;
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.statusMessage, responseHeaders);
        upstreamResponse.pipe(response);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Marked as the proxy's own answer, so the capture can say the site did not answer (not that it sent a 502).
        if (!response.headersSent) response.writeHead(502, { [EGRESS_ERROR_HEADER]: error.code ?? 'EUNKNOWN' }).end();
        else response.destroy();
      });
      request.pipe(upstream);
    })();
  });

  // https://, wss:// and ws:// go through CONNECT tunnels.
  server.on('connect', (request, client, head) => {
    void (async () => {
      const target = await approve(`https://${request.url ?? ''}/`);
      if (!target) {
        client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect({ host: target.host, port: target.port });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
      client.on('error', () => upstream.destroy());
    })();
  });

  server.on('upgrade', (_request, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ownPort = (server.address() as net.AddressInfo).port;
  return {
    address: `http://127.0.0.1:${ownPort}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
