import { constants } from 'node:os';
import { SHUTDOWN_MARGIN_MS } from '@pressroom/config';
import type { Logger } from '@pressroom/telemetry';

type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * Graceful stop on SIGTERM/SIGINT (docs/operations.md#shutdown): close, then exit 0 (1 when closing
 * failed). Given the drain grace, the process exits by itself (1) when closing has not ended
 * SHUTDOWN_MARGIN_MS after it: a hung close never waits for the platform's SIGKILL.
 *
 * A second signal of either kind (Ctrl-C again under `make run`, a SIGTERM after a SIGINT) exits at
 * once, logged, with the shell's code for that signal (130 for SIGINT, 143 for SIGTERM). We exit
 * ourselves rather than leave the second one to Node's default: that default applies only while no
 * listener is left for the signal, so a dependency listening for SIGINT, or a SIGTERM following a
 * SIGINT, would otherwise start a second close or be ignored; and `process.exit` runs the exit hooks
 * (the data directory's lock) that a death by signal skips.
 */
export function closeOnSignal(logger: Logger, close: () => Promise<void>, options: { graceMs?: number } = {}): void {
  let first: StopSignal | null = null;
  const onSignal = (signal: StopSignal) => {
    if (first) {
      logger.warn({ signal, first }, 'second signal during the shutdown: exiting at once');
      process.exit(128 + constants.signals[signal]);
    }
    first = signal;
    logger.info({ signal, ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}) }, 'shutting down');
    if (options.graceMs !== undefined) {
      setTimeout(() => {
        logger.error({ graceMs: options.graceMs, marginMs: SHUTDOWN_MARGIN_MS }, 'shutdown did not end within its grace; exiting');
        process.exit(1);
      }, options.graceMs + SHUTDOWN_MARGIN_MS).unref();
    }
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // First among the listeners: the second signal exits before whatever else listens for it runs.
  process.prependListener('SIGTERM', () => onSignal('SIGTERM'));
  process.prependListener('SIGINT', () => onSignal('SIGINT'));
}
