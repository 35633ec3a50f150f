import type { Delivery } from './bus.js';

/**
 * Heartbeats per ack wait. The ack wait is how long a dead consumer's message
 * waits before another takes it, so it is kept short (seconds); a live
 * handler therefore beats several times within it, and one late beat (a busy
 * event loop) does not cost it the message.
 */
const BEATS_PER_ACK_WAIT = 4;

/** Heartbeat `delivery` (working()) until the returned function is called. */
export function keepWorking(delivery: Pick<Delivery<unknown>, 'working'>, ackWaitMs: number): () => void {
  const every = Math.max(100, Math.floor(ackWaitMs / BEATS_PER_ACK_WAIT));
  const timer = setInterval(() => void delivery.working().catch(() => undefined), every);
  return () => clearInterval(timer);
}
