import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { cors } from './cors.js';

async function serve(origins: string[]): Promise<{ base: string; server: Server }> {
  const app = express();
  app.use(cors({ origins }));
  app.get('/thing', (_req, res) => void res.json({ ok: true }));
  app.use((_req, res) => void res.status(405).end());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('cors', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));
  async function base(origins: string[]): Promise<string> {
    const started = await serve(origins);
    servers.push(started.server);
    return started.base;
  }

  it('adds nothing when no origin is configured (the default)', async () => {
    const res = await fetch(`${await base([])}/thing`, { headers: { origin: 'https://app.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes an allowed origin, exposes the rate-limit headers, and answers its preflight', async () => {
    const url = await base(['https://app.example/']);
    const res = await fetch(`${url}/thing`, { headers: { origin: 'https://app.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Policy/);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    const preflight = await fetch(`${url}/thing`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('gives a foreign origin no CORS headers (the browser refuses) and leaves its preflight to the routes', async () => {
    const url = await base(['https://app.example']);
    const res = await fetch(`${url}/thing`, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${url}/thing`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
  });

  it('allows any origin with *', async () => {
    const res = await fetch(`${await base(['*'])}/thing`, { headers: { origin: 'https://any.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
