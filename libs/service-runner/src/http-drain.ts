import type { Server, ServerResponse } from 'node:http';
import type { Logger } from '@pressroom/telemetry';

export interface DrainableServer {
  /** Requests being answered now (the long-lived responses among them included). */
  inFlight(): number;
  /** Long-lived responses open now (`endWhenDraining`): the drain ends them at once instead of waiting for them. */
  longLived(): number;
  /**
   * Stop accepting connections at once; end the long-lived responses (`endWhenDraining`); let the
   * requests in flight finish within `graceMs`, each answered with `Connection: close`, and close
   * every keep-alive connection as soon as it is idle; then cut whatever is left. Resolves, once
   * every connection is closed, with how many requests had to be cut.
   */
  drain(graceMs: number): Promise<{ cut: number }>;
}

/** How each response of a drainable server asks to be ended when its drain starts (set by `drainableServer`). */
const drainHooks = new WeakMap<ServerResponse, (end: () => void) => void>();

/**
 * Marks `res` as long-lived: a response that stays open until its client leaves (a server-sent event
 * stream), which a drain must not wait for, or it would hold the process for its whole grace. When the
 * drain of its server starts (at once, if it has started already), `end` is called: it must end the
 * response (saying goodbye first if the protocol has a way to). One that throws is cut at once. A
 * response of a server that is not drainable (an app tested on its own) is left alone.
 */
export function endWhenDraining(res: ServerResponse, end: () => void): void {
  drainHooks.get(res)?.(end);
}

/**
 * Tracks the requests of `server` from now on (call it right after creating the server), so its
 * drain can wait for them. Node's own `server.close()` alone is not enough: it stops accepting and
 * closes the connections idle at that moment, but answers the requests in flight with
 * `Connection: keep-alive` and then waits for those connections' keep-alive time-out (65 s on the
 * gateway), and `closeAllConnections()` drops the requests in flight (an "Empty reply" to a client
 * waiting for its render).
 */
export function drainableServer(server: Server): DrainableServer {
  const responses = new Set<ServerResponse>();
  const longLived = new Map<ServerResponse, () => void>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  const endNow = (res: ServerResponse, end: () => void) => {
    try {
      end();
    } catch {
      res.destroy();
    }
  };
  // First among the request listeners: the header is set before the app may answer synchronously.
  server.prependListener('request', (_req, res: ServerResponse) => {
    responses.add(res);
    drainHooks.set(res, (end) => {
      if (res.writableEnded || res.destroyed) return;
      if (draining) endNow(res, end);
      else longLived.set(res, end);
    });
    res.once('close', () => {
      responses.delete(res);
      longLived.delete(res);
      // A response already streaming when the drain began kept its keep-alive header: its connection is idle now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    // A request that came on a kept-alive connection during the drain is answered, and its connection closed.
    if (draining) closeAfter(res);
  });

  return {
    inFlight: () => responses.size,
    longLived: () => longLived.size,
    async drain(graceMs) {
      draining = true;
      for (const res of responses) closeAfter(res);
      // Their clients would keep them open for the whole grace: they end now, and their connections close once they have.
      const ending = [...longLived];
      longLived.clear();
      for (const [res, end] of ending) endNow(res, end);
      // Stops accepting and closes the connections idle now (Node ≥ 19); calls back once every connection has closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace-over'>((resolve) => {
        timer = setTimeout(() => resolve('grace-over'), graceMs);
      });
      const first = await Promise.race([closed.then(() => 'closed' as const), graceOver]);
      clearTimeout(timer);
      if (first === 'closed') return { cut: 0 };
      const cut = responses.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}

/**
 * The API's stop (docs/operations.md#shutdown), in the gateway's own process and in the embedded one:
 * `drain` within the grace, logging how many requests it waits for (and how many event streams it ends at
 * once) and how many it had to cut.
 */
export async function drainRequests(api: DrainableServer, options: { graceMs: number; logger: Logger }): Promise<void> {
  const { graceMs, logger } = options;
  const streams = api.longLived();
  const requests = api.inFlight() - streams;
  if (requests > 0 || streams > 0) {
    logger.info({ requests, ...(streams > 0 ? { streams } : {}), graceMs }, 'gateway draining: finishing the requests in flight');
  }
  const { cut } = await api.drain(graceMs);
  if (cut > 0) logger.warn({ requests: cut }, 'gateway shutdown grace ran out: requests still in flight were cut');
}
