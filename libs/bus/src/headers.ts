import { context } from '@opentelemetry/api';
import { extractTraceContext, injectTraceHeaders } from '@pressroom/telemetry';
import type { Headers } from './bus.js';

/** The producer's de-duplication id travels in this header (JetStream's own). */
export const MSG_ID_HEADER = 'Nats-Msg-Id';
/** Set on an RPC reply when the responder's handler threw. */
export const REMOTE_ERROR_HEADER = 'Pressroom-Error';

/**
 * Headers for an outgoing message: the caller's, plus the active trace
 * context as W3C `traceparent` unless the caller already gave one (a relay
 * keeps the original producer's trace).
 */
export function outgoingHeaders(given: Headers | undefined): Headers {
  const headers: Headers = { ...given };
  if (!headers.traceparent) injectTraceHeaders(headers);
  return headers;
}

/** Run `fn` inside the trace context carried by `headers`, so its spans are children of the producer's. */
export function withTraceContext<R>(headers: Headers, fn: () => R): R {
  return context.with(extractTraceContext(headers), fn);
}
