import type { Meter, ObservableGauge, ObservableCounter } from '@opentelemetry/api';
import { getMeter } from './metrics.js';

/** What a browser pool reports about itself (a subset of its health). */
export interface PoolReading {
  pagesIdle: number;
  pagesBusy: number;
  queued: number;
  restarts: number;
}

interface PoolInstruments {
  idle: ObservableGauge;
  busy: ObservableGauge;
  queued: ObservableGauge;
  restarts: ObservableCounter;
}

const pools = new Map<string, () => PoolReading>();
let instruments: PoolInstruments | undefined;

/** One set of instruments per process, whatever the number of pools (the embedded process runs two): `pool` is a label. */
function register(meter: Meter): PoolInstruments {
  const created: PoolInstruments = {
    idle: meter.createObservableGauge('browser_pages_idle', { description: 'Warm pages waiting for a render' }),
    busy: meter.createObservableGauge('browser_pages_busy', { description: 'Pages rendering (or being replaced)' }),
    queued: meter.createObservableGauge('browser_queue_length', { description: 'Renders waiting for a page' }),
    restarts: meter.createObservableCounter('browser_restarts', { description: 'Browser relaunches (planned or after a crash)' }),
  };
  meter.addBatchObservableCallback(
    (result) => {
      for (const [pool, read] of pools) {
        const reading = read();
        result.observe(created.idle, reading.pagesIdle, { pool });
        result.observe(created.busy, reading.pagesBusy, { pool });
        result.observe(created.queued, reading.queued, { pool });
        result.observe(created.restarts, reading.restarts, { pool });
      }
    },
    [created.idle, created.busy, created.queued, created.restarts],
  );
  return created;
}

/** Reports a browser pool's gauges under `pool=<name>` until the returned function is called (on close). */
export function watchBrowserPool(name: string, read: () => PoolReading): () => void {
  instruments ??= register(getMeter());
  pools.set(name, read);
  return () => {
    if (pools.get(name) === read) pools.delete(name);
  };
}
