import type { Request, Response } from 'express';
import { endWhenDraining } from '@pressroom/service-runner';

/** A comment line after this long without a write keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

/**
 * How long an EventSource waits before it reconnects to a stream the server ended to shut down: by then
 * the load balancer sends it to another instance (this one refuses connections), or `make run` is back.
 */
export const RECONNECT_AFTER_SHUTDOWN_MS = 1_000;

export interface EventStream {
  /** One event (`data` is one line: JSON); nothing once the stream has ended. */
  send(event: string, data: string): void;
  /**
   * Waits `ms` between two looks at what the stream reports: true then, or false as soon as the stream
   * has ended (the client left, the server is shutting down), so its producer stops at once.
   */
  pause(ms: number): Promise<boolean>;
  /** Ends the stream (again: nothing). */
  end(): void;
}

/**
 * Answers with a server-sent event stream: 200 and its headers at once, a `: keep-alive` comment after
 * 15 s of quiet, and an end of its own when the server drains (docs/operations.md#shutdown): a
 * `retry:` line and a comment saying why, then the end of the response, so the client's EventSource
 * reconnects after RECONNECT_AFTER_SHUTDOWN_MS instead of the drain waiting for it. A stream must
 * therefore start with the current state, for a client that reconnects.
 */
export function openEventStream(req: Request, res: Response): EventStream {
  res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  let open = true;
  const pauses = new Set<(open: boolean) => void>();
  // Re-armed by every write: it fires only after KEEPALIVE_MS of quiet.
  const keepAlive = setTimeout(() => write(': keep-alive\n\n'), KEEPALIVE_MS);
  const write = (text: string) => {
    if (!open) return;
    res.write(text);
    keepAlive.refresh();
  };
  const closed = () => {
    if (!open) return;
    open = false;
    clearTimeout(keepAlive);
    for (const resume of pauses) resume(false);
  };
  const end = (farewell = '') => {
    if (!open) return;
    if (farewell) res.write(farewell);
    closed();
    res.end();
  };
  req.on('close', closed);
  res.on('close', closed);
  endWhenDraining(res, () => end(`: the server is shutting down; reconnect\nretry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`));
  return {
    send: (event, data) => write(`event: ${event}\ndata: ${data}\n\n`),
    pause: (ms) =>
      new Promise<boolean>((resolve) => {
        if (!open) return resolve(false);
        const resume = (stillOpen: boolean) => {
          clearTimeout(timer);
          pauses.delete(resume);
          resolve(stillOpen);
        };
        const timer = setTimeout(() => resume(true), ms);
        pauses.add(resume);
      }),
    end: () => end(),
  };
}
