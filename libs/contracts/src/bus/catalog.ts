import type { z } from 'zod';
import { RenderImageCommand, RenderOutcome } from './render-image.js';
import { RenderCompletedEvent, RenderFailedEvent } from './render-events.js';
import { BatchCompletedEvent, BatchWake } from './batch.js';
import { BindingFailedEvent, BindingUpdatedEvent, BindingWake } from './binding-events.js';
import { RenderGifCommand } from './render-gif.js';
import { RenderPdfCommand } from './render-pdf.js';
import { RenderVideoCommand } from './render-video.js';
import { OwnerChanged } from './owner-changed.js';

/**
 * The subject catalog: every subject on the bus, its schema and delivery
 * settings. Producers and consumers both take their entry from here.
 *
 * - command: durable work queue (a JetStream stream with a shared durable
 *   consumer); explicit ack, ack wait, max deliveries, de-duplication by msgId.
 * - event: durable fan-out (stream EVENTS); every named subscriber group gets a copy.
 * - notification: core publish/subscribe, never captured by a stream
 *   (`render.done.<id>`); lost when nobody listens, by design.
 * - rpc: core request/reply, never captured by a stream.
 */
export interface CommandSubject<T> {
  readonly kind: 'command';
  readonly name: string;
  readonly subject: string;
  readonly stream: string;
  readonly schema: z.ZodType<T>;
  /** Shared durable consumer (queue group) name. */
  readonly durable: string;
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
}

export interface EventSubject<T> {
  readonly kind: 'event';
  readonly name: string;
  readonly subject: string;
  readonly stream: string;
  readonly schema: z.ZodType<T>;
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
}

export interface NotificationSubject<T> {
  readonly kind: 'notification';
  readonly name: string;
  /** The subject is `<prefix>.<key>`. */
  readonly prefix: string;
  readonly schema: z.ZodType<T>;
}

export interface RpcSubject<Req, Res> {
  readonly kind: 'rpc';
  readonly name: string;
  readonly subject: string;
  readonly request: z.ZodType<Req>;
  readonly response: z.ZodType<Res>;
}

export type AnySubject = CommandSubject<any> | EventSubject<any> | NotificationSubject<any> | RpcSubject<any, any>;

export const STREAMS = {
  RENDER: 'RENDER',
  EVENTS: 'EVENTS',
} as const;

/**
 * Ack wait of the browser renderers: how long the renders a dead renderer held
 * wait before another takes them (docs/adr/0008). Renderers heartbeat with
 * working() several times within it (keepWorking in libs/bus).
 */
const RENDER_ACK_WAIT_MS = 8_000;

export const renderImage: CommandSubject<RenderImageCommand> = {
  kind: 'command',
  name: 'render.image',
  subject: 'render.image',
  stream: STREAMS.RENDER,
  schema: RenderImageCommand,
  durable: 'image-renderers',
  // RENDER_ACK_WAIT_MS: a dead renderer's renders move on in seconds; a live one heartbeats.
  ackWaitMs: RENDER_ACK_WAIT_MS,
  maxDeliver: 3,
};

export const renderGif: CommandSubject<RenderGifCommand> = {
  kind: 'command',
  name: 'render.gif',
  subject: 'render.gif',
  stream: STREAMS.RENDER,
  schema: RenderGifCommand,
  durable: 'gif-renderers',
  // GIF renders run longer than images (up to the GIF time limit): the heartbeat keeps them.
  ackWaitMs: RENDER_ACK_WAIT_MS,
  maxDeliver: 3,
};

export const renderPdf: CommandSubject<RenderPdfCommand> = {
  kind: 'command',
  name: 'render.pdf',
  subject: 'render.pdf',
  stream: STREAMS.RENDER,
  schema: RenderPdfCommand,
  durable: 'pdf-renderers',
  ackWaitMs: RENDER_ACK_WAIT_MS,
  maxDeliver: 3,
};

export const renderVideo: CommandSubject<RenderVideoCommand> = {
  kind: 'command',
  name: 'render.video',
  subject: 'render.video',
  stream: STREAMS.RENDER,
  schema: RenderVideoCommand,
  durable: 'video-renderers',
  // Video renders take seconds to minutes, heartbeating all along; a little more slack than the
  // browser renderers because the first render builds the Remotion bundle in process (long synchronous stretches).
  ackWaitMs: 15_000,
  maxDeliver: 2,
};

export const renderDone: NotificationSubject<RenderOutcome> = {
  kind: 'notification',
  name: 'render.done',
  prefix: 'render.done',
  schema: RenderOutcome,
};

export const renderCompleted: EventSubject<RenderCompletedEvent> = {
  kind: 'event',
  name: 'render.completed',
  subject: 'events.render.completed',
  stream: STREAMS.EVENTS,
  schema: RenderCompletedEvent,
  ackWaitMs: 30_000,
  maxDeliver: 10,
};

export const renderFailed: EventSubject<RenderFailedEvent> = {
  kind: 'event',
  name: 'render.failed',
  subject: 'events.render.failed',
  stream: STREAMS.EVENTS,
  schema: RenderFailedEvent,
  ackWaitMs: 30_000,
  maxDeliver: 10,
};

export const batchCompleted: EventSubject<BatchCompletedEvent> = {
  kind: 'event',
  name: 'batch.completed',
  subject: 'events.batch.completed',
  stream: STREAMS.EVENTS,
  schema: BatchCompletedEvent,
  ackWaitMs: 30_000,
  maxDeliver: 10,
};

export const bindingUpdated: EventSubject<BindingUpdatedEvent> = {
  kind: 'event',
  name: 'binding.updated',
  subject: 'events.binding.updated',
  stream: STREAMS.EVENTS,
  schema: BindingUpdatedEvent,
  ackWaitMs: 30_000,
  maxDeliver: 10,
};

export const bindingFailed: EventSubject<BindingFailedEvent> = {
  kind: 'event',
  name: 'binding.failed',
  subject: 'events.binding.failed',
  stream: STREAMS.EVENTS,
  schema: BindingFailedEvent,
  ackWaitMs: 30_000,
  maxDeliver: 10,
};

export const batchWake: NotificationSubject<BatchWake> = {
  kind: 'notification',
  name: 'batch.wake',
  prefix: 'batch.wake',
  schema: BatchWake,
};

export const bindingWake: NotificationSubject<BindingWake> = {
  kind: 'notification',
  name: 'binding.wake',
  prefix: 'binding.wake',
  schema: BindingWake,
};

export const ownerChanged: NotificationSubject<OwnerChanged> = {
  kind: 'notification',
  name: 'owner.changed',
  prefix: 'owner.changed',
  schema: OwnerChanged,
};

export const CATALOG = {
  renderImage,
  renderGif,
  renderPdf,
  renderVideo,
  renderDone,
  renderCompleted,
  renderFailed,
  batchCompleted,
  batchWake,
  bindingUpdated,
  bindingFailed,
  bindingWake,
  ownerChanged,
} as const;

export const ALL_SUBJECTS: readonly AnySubject[] = Object.values(CATALOG);

/**
 * Refuse to start a service whose handler map misses a subject it declares
 * it needs (a typo or a forgotten registration would silently drop work).
 */
export function assertHandlers(service: string, needed: readonly AnySubject[], handlers: Record<string, unknown>): void {
  const missing = needed.filter((s) => typeof handlers[s.name] !== 'function').map((s) => s.name);
  if (missing.length > 0) {
    throw new Error(`${service}: no handler for subject(s) ${missing.join(', ')}; refusing to start`);
  }
}
