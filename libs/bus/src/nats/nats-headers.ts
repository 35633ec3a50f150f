import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import type { Headers } from '../bus.js';

export function toNatsHeaders(headers: Headers): MsgHdrs {
  const out = natsHeaders();
  for (const [key, value] of Object.entries(headers)) out.set(key, value);
  return out;
}

/** First value of each header; keys as the producer wrote them (`traceparent` stays lower-case). */
export function fromNatsHeaders(headers: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!headers) return out;
  for (const key of headers.keys()) out[key] = headers.get(key);
  return out;
}
