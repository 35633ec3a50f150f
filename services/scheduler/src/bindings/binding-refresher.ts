import { claimDueBindings } from '@pressroom/db';
import { IdlePoller } from '@pressroom/service-runner';
import { refreshBinding, type RefreshDeps } from './refresh-binding.js';
import { settleLostBindingRenders } from './binding-render-events.js';

/** What one sweep did: bindings refreshed, and lost binding renders settled from their rows. */
interface SweepCounts {
  refreshed: number;
  settled: number;
}

/** A finished render whose event has not settled its binding after this is settled from its row. */
const LOST_EVENT_GRACE_MS = 30_000;

export interface BindingRefresherOptions extends RefreshDeps {
  /** How often due bindings are looked for (PRESSROOM_BINDING_POLL_MS). */
  pollMs: number;
  /** A claim lapses after this; it must outlast one fetch (default: fetch time limit + 30 s). */
  leaseMs?: number;
  /** Bindings refreshed at once per scheduler (default 8). */
  concurrency?: number;
}

/**
 * Drives binding refreshes: every poll, claim the due bindings (an atomic
 * UPDATE … FOR UPDATE SKIP LOCKED, so two schedulers never take the same one)
 * and refresh them. Everything lives in the database (next_refresh_at, lease),
 * so a restarted scheduler picks up where the last one stopped. Each sweep
 * also settles binding renders whose outcome event never arrived. The poll
 * slows down while nothing is due (ADR 0053); `binding.wake` (a binding made
 * due by the API) sweeps at once.
 */
export class BindingRefresher {
  private running: Promise<SweepCounts> | null = null;
  private readonly poller: IdlePoller;

  constructor(private readonly options: BindingRefresherOptions) {
    this.poller = new IdlePoller({
      pollMs: options.pollMs,
      // Settling a lost render is work too: the quick pace stays while either happens.
      pass: async () => {
        const { refreshed, settled } = await this.sweepCounts();
        return refreshed + settled > 0;
      },
      onError: (error) => this.options.logger.error({ err: error }, 'binding sweep failed; retrying at the next poll'),
    });
  }

  start(): void {
    this.poller.start();
  }

  /** A binding was made due (created, changed, resumed, triggered): sweep now. */
  wake(): void {
    this.poller.runNow().catch(() => undefined);
  }

  /** Claim and refresh what is due now; resolves with how many refreshes ran. One sweep at a time per scheduler. */
  async sweep(): Promise<number> {
    return (await this.sweepCounts()).refreshed;
  }

  private sweepCounts(): Promise<SweepCounts> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<SweepCounts> {
    const settled = await settleLostBindingRenders(this.options, LOST_EVENT_GRACE_MS);
    const limit = this.options.concurrency ?? 8;
    const leaseMs = this.options.leaseMs ?? this.options.fetchTimeoutMs + 30_000;
    let total = 0;
    for (;;) {
      const claimed = await claimDueBindings(this.options.db, { now: this.options.now(), limit, leaseMs });
      if (claimed.length === 0) return { refreshed: total, settled };
      total += claimed.length;
      await Promise.all(
        claimed.map((claim) =>
          refreshBinding(this.options, claim).catch((error: unknown) =>
            this.options.logger.error(
              { err: error, bindingId: claim.binding.uid },
              'binding refresh crashed; its lease lapses and a later sweep retries',
            ),
          ),
        ),
      );
      // Claim again even after a short batch: a binding changed or asked to refresh while its
      // refresh ran is due again at once (finishBindingRefresh keeps that request's due time).
    }
  }

  async stop(): Promise<void> {
    await this.poller.stop();
    await this.running?.catch(() => {});
  }
}
