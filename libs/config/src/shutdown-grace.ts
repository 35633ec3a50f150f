/*
 * How long each standalone service drains on SIGTERM (docs/adr/0068-drain-on-sigterm-and-retry-with-backoff.md).
 *
 * This file imports nothing on purpose: the `make run-cluster` supervisor (plain `node`, no tsx)
 * imports it as TypeScript through Node's type stripping, so it holds the same numbers as the
 * services and the Kubernetes manifests (`deploy/embedded/scripts/k8s-manifests.ts`).
 */

/**
 * The drain grace of each service: from SIGTERM, how long it keeps finishing the work it has
 * (renders in flight, HTTP requests held open) before it hands the rest back and exits. Longer
 * than the longest piece of work at the default limits:
 * - image, pdf: a render (PRESSROOM_RENDER_TIMEOUT_MS, 30 s) plus its storage write and ack;
 * - gif: PRESSROOM_GIF_TIMEOUT_MS (120 s) plus the write; video: PRESSROOM_VIDEO_TIMEOUT_MS (300 s) plus the write;
 * - gateway: a video request held up to PRESSROOM_VIDEO_WAIT_MS (300 s);
 * - dispatcher: a webhook delivery (PRESSROOM_WEBHOOK_TIMEOUT_MS, 30 s); scheduler: short passes.
 * `PRESSROOM_SHUTDOWN_GRACE_MS` overrides it per process.
 */
export const SHUTDOWN_GRACE_MS = {
  gateway: 320_000,
  image: 50_000,
  pdf: 50_000,
  gif: 140_000,
  video: 320_000,
  dispatcher: 50_000,
  scheduler: 50_000,
} as const satisfies Record<string, number>;

export type GracefulService = keyof typeof SHUTDOWN_GRACE_MS;

/**
 * What the platform allows beyond the drain before it kills the process: a pod's preStop pause
 * (the gateway's 5 s, counted in its termination grace), closing the browser, bus and database, and
 * flushing spans. Kubernetes' terminationGracePeriodSeconds and Compose's stop_grace_period are
 * the drain grace plus this; the process exits by itself this long after its grace at the latest.
 */
export const SHUTDOWN_MARGIN_MS = 10_000;

/** Drain grace used for a process this table does not name (a test's probe service). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** The drain grace of `service` at the defaults. */
export function shutdownGraceMs(service: string): number {
  return (SHUTDOWN_GRACE_MS as Record<string, number>)[service] ?? DEFAULT_SHUTDOWN_GRACE_MS;
}
