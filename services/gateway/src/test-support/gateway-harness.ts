import { createServer } from 'node:http';
import type { Express } from 'express';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus } from '@pressroom/bus';
import { defaultDashboardSettings, type DashboardSettings } from '@pressroom/config';
import { createSecretBox, openDatabase, type Db } from '@pressroom/db';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage, type Storage } from '@pressroom/storage';
import { createLogger, type Logger } from '@pressroom/telemetry';
import { createTestDatabase, OIDC_TEST_CLIENT, uniqueNamespace } from '@pressroom/testing';
import { createGatewayApp } from '../app.js';
import { gatewayEnv, gatewaySettings, type GatewaySettings } from '../config.js';
import { applyKeepAlive } from '../http/keep-alive.js';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];

export interface TestGateway {
  baseUrl: string;
  /** The express app itself (the OpenAPI drift test walks its router). */
  app: Express;
  db: Db;
  storage: Storage;
  close(): Promise<void>;
}

/**
 * The real gateway app on an ephemeral port over a real database and the in-process bus,
 * without renderers: for the HTTP behaviour of routes that render nothing.
 */
export async function startTestGateway(
  engine: Engine,
  options: {
    dashboard?: Partial<DashboardSettings>;
    publicBaseUrl?: string;
    oidcIssuer?: string;
    /** The SSRF guard's development allow-list (e.g. a local S3 server). */
    allowPrivateHosts?: string[];
    settings?: Partial<GatewaySettings>;
    /** The app's logger (default silent): a test reading the access lines passes its own. */
    logger?: Logger;
  } = {},
): Promise<TestGateway> {
  const filesDir = await mkdtemp(join(tmpdir(), 'pressroom-gw-'));
  const database = engine === 'postgres' ? await createTestDatabase() : null;
  const db = await openDatabase({ url: database?.url });
  const logger = options.logger ?? createLogger({ service: 'gateway-test', level: 'silent' });
  const bus = await createBus({ natsUrl: undefined, namespace: uniqueNamespace(), logger });
  const storage = await createStorage({ kind: 'disk', dir: filesDir, natsUrl: undefined, bucket: 'test', namespace: '' });
  const server = createServer();
  // As main.ts does. Node's own 5 s idle close races fetch's reuse of a pooled connection when a
  // loaded CI machine stalls the event loop, and the next request reads ECONNRESET.
  applyKeepAlive(server, gatewayEnv.parse({}).PRESSROOM_HTTP_KEEPALIVE_MS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = options.publicBaseUrl ?? `http://127.0.0.1:${port}`;
  const app = createGatewayApp({
    db,
    bus,
    storage,
    guard: createSsrfGuard({ allowPrivateHosts: options.allowPrivateHosts ?? [] }),
    logger,
    secretBox: createSecretBox('test-secret-key-0123456789abcdef'),
    settings: {
      ...gatewaySettings(gatewayEnv.parse({ PUBLIC_BASE_URL: baseUrl })),
      maxBodyBytes: 1024 * 1024,
      renderWaitMs: 5_000,
      ...options.settings,
      dashboard: defaultDashboardSettings({
        ...options.dashboard,
        ...(options.oidcIssuer ? { oidc: { issuer: options.oidcIssuer, ...OIDC_TEST_CLIENT, name: 'Test SSO' } } : {}),
      }),
    },
    health: () => Promise.resolve({}),
  });
  server.on('request', app);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    db,
    storage,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await bus.close();
      await storage.close();
      await db.close();
      await database?.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client: keeps cookies, sends the CSRF header from the cookie on
 * state-changing requests and a same-origin `Sec-Fetch-Site`, as the dashboard's fetch does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    init: { json?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
    const csrf = this.cookies.get('pressroom_csrf');
    if (init.csrf !== false && csrf && method !== 'GET') headers.set('x-csrf-token', csrf);
    let body: string | null = null;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}
