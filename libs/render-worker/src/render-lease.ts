import type { CommandSubject } from '@pressroom/contracts';
import { renewRenderLease, type Db } from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';

/**
 * How long past the bus's ack wait a render stays its worker's without a renewal. The bus itself
 * gives a silent worker's message to another after the ack wait; the lease only matters once no
 * delivery is left (docs/adr/0064), and the slack keeps a worker stalled for a few seconds (a long
 * synchronous stretch, a slow database) from being taken for a dead one.
 */
const LEASE_SLACK_MS = 10_000;

/** The lease a claim of `subject`'s command takes and each renewal extends. */
export function renderLeaseMs(subject: Pick<CommandSubject<unknown>, 'ackWaitMs'>): number {
  return subject.ackWaitMs + LEASE_SLACK_MS;
}

/**
 * Renew the render's lease every half ack wait until the returned function is called: the database's
 * side of the bus heartbeat (`keepWorking`). Only renders that outlive half an ack wait write anything.
 * Stops by itself once the render is no longer rendering (settled by someone else: the sweep, a duplicate).
 */
export function keepLease(db: Db, renderId: string, subject: Pick<CommandSubject<unknown>, 'ackWaitMs'>, log: Logger): () => void {
  const leaseMs = renderLeaseMs(subject);
  const timer = setInterval(
    () =>
      void renewRenderLease(db, { id: renderId, leaseMs })
        .then((held) => {
          if (!held) clearInterval(timer);
        })
        .catch((error: unknown) => log.warn({ err: error }, 'render lease not renewed; retrying at the next beat')),
    Math.max(100, Math.floor(subject.ackWaitMs / 2)),
  );
  return () => clearInterval(timer);
}
