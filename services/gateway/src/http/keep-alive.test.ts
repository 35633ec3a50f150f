import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gatewayEnv } from '../config.js';
import { applyKeepAlive } from './keep-alive.js';

function keepAliveHeader(server: Server): Promise<string | undefined> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['keep-alive']?.toString()));
    })
      .on('error', reject)
      .end();
  });
}

describe('applyKeepAlive', () => {
  it('defaults to 65 s, longer than the 60 s idle time of common load balancers', () => {
    expect(gatewayEnv.parse({}).PRESSROOM_HTTP_KEEPALIVE_MS).toBe(65_000);
    expect(gatewayEnv.safeParse({ PRESSROOM_HTTP_KEEPALIVE_MS: '-1' }).success).toBe(false);
  });

  it('keeps idle connections open that long, says so to clients, and keeps the header limit above it', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    applyKeepAlive(server, 65_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await keepAliveHeader(server)).toBe('timeout=65');
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.headersTimeout).toBeGreaterThan(65_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
