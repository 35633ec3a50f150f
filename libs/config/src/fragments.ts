import { z } from 'zod';
import { databaseEnv } from './database-fragments.js';
import { storageEnv } from './storage-fragments.js';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);

const duration = z.coerce.number().int().positive();

/** Settings every service shares: where the bus, database and storage are. */
export const commonEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set → NATS JetStream transport; unset → the in-process bus (embedded only). */
  NATS_URL: z.string().url().optional(),
  /**
   * Replicas of every JetStream stream and of the object store bucket (a NATS cluster of at least
   * that many servers): set at creation, and applied to existing ones at start (docs/operations.md).
   */
  PRESSROOM_NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  ...databaseEnv,
  PRESSROOM_DATA_DIR: z.string().default('.data'),
  ...storageEnv,
  /** Prefix of every stream, consumer and subject (isolates environments sharing one NATS). */
  PRESSROOM_BUS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  /** Comma-separated host names and CIDRs the SSRF guard lets through (development and tests). */
  PRESSROOM_ALLOW_PRIVATE_HOSTS: csv.default([]),
  /** Base URL under which the API and rendered files are reachable. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /**
   * How long a standalone service drains on SIGTERM before it hands back what is left and exits
   * (unset: its own default in SHUTDOWN_GRACE_MS, shutdown-grace.ts; 0: hand everything back at once).
   */
  PRESSROOM_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).optional(),
};

/** Settings of services that drive Chromium. */
export const browserEnv = {
  CHROMIUM_PATH: z.string().default('/usr/lib/chromium/chromium-headless-shell'),
  PRESSROOM_BROWSER_PAGES: z.coerce.number().int().min(1).max(32).default(4),
  PRESSROOM_BROWSER_RESTART_AFTER: z.coerce.number().int().min(1).default(500),
  PRESSROOM_BROWSER_QUEUE_LIMIT: z.coerce.number().int().min(1).default(200),
  PRESSROOM_RENDER_TIMEOUT_MS: duration.default(30_000),
  /**
   * small (default): Chromium's fast PNG re-packed losslessly, within 1.1× of what
   * its default encoder would make (ADR 0049), at ≥ 0.85× the raw fast loop's
   * throughput since Chromium's compositor runs in the browser process (ADR 0058);
   * fast: PNGs exactly as Chromium's fast encoder writes them (what a bare
   * puppeteer loop returns), for the most captures per second at 1.1–2.3× the bytes.
   */
  PRESSROOM_PNG_COMPRESSION: z.enum(['fast', 'small']).default('small'),
};

/** The port of a service's own HTTP server (/health, /metrics; the API on the gateway). */
/**
 * The ops port of a process that serves a public API (the gateway, the embedded process):
 * /metrics, /livez and /readyz stay off the public port (docs/operations.md). 0 picks a free port.
 */
export const opsPortEnv = { PRESSROOM_OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9464) };

/**
 * The interface the embedded process's ops port listens on. Loopback by default: `make run` on
 * a laptop keeps /metrics and /readyz (which names processes and queue depths) off the network
 * whatever HOST the API listens on. A container must listen on every interface for its published
 * port, probes and scrapers to reach it: the image sets `0.0.0.0` (deploy/docker/Dockerfile).
 * The gateway's ops port is not governed by it (docs/operations.md#metrics).
 */
export const opsHostEnv = { PRESSROOM_OPS_HOST: z.string().trim().min(1).default('127.0.0.1') };

export function portEnv(defaultPort: number) {
  return { PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort) };
}
