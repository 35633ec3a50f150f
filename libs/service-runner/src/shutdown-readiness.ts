import type { ComponentHealth } from '@pressroom/telemetry';

/**
 * Step 1 of a shutdown (docs/operations.md#shutdown): from the stop on, the process reports not ready,
 * so a load balancer or a probe sends it no new work while it drains; /livez stays 200. A standalone
 * service (run-service.ts) and the embedded process (deploy/embedded) both report it this way.
 */
export interface ShutdownReadiness {
  /** The process has begun to stop: not ready from now on. */
  begin(): void;
  /** Spread into the health report: `{ shutdown: { ok: false, draining: true } }` once stopping, nothing before. */
  health(): Record<string, ComponentHealth>;
}

export function shutdownReadiness(): ShutdownReadiness {
  let stopping = false;
  return {
    begin() {
      stopping = true;
    },
    health(): Record<string, ComponentHealth> {
      return stopping ? { shutdown: { ok: false, draining: true } } : {};
    },
  };
}
