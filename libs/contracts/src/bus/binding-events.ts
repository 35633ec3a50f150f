import { z } from 'zod';

/*
 * Binding events. `data` is exactly what webhook receivers get (docs/webhooks.md,
 * docs/bindings.md); `ownerId` and `bindingId` at the top level route them
 * (subscription owner, `filters.bindingId`).
 */

/** Event `events.binding.updated`: a refresh produced a new image (a 304 or unchanged data announces nothing). */
export const BindingUpdatedEvent = z.object({
  event: z.literal('binding.updated'),
  timestamp: z.string(),
  ownerId: z.string(),
  bindingId: z.string(),
  data: z.object({
    bindingId: z.string(),
    templateId: z.string(),
    status: z.enum(['active', 'paused', 'error']),
    renderUrl: z.string(),
    /** The immutable file of this refresh's render. */
    imageUrl: z.string(),
    renderId: z.string(),
    /** What started the refresh: `schedule`, `manual`, `webhook`, `create`, `update`. */
    trigger: z.string(),
    refreshedAt: z.string(),
  }),
});
export type BindingUpdatedEvent = z.infer<typeof BindingUpdatedEvent>;

/** Event `events.binding.failed`: a refresh failed (fetch, JSON, mapping or render). */
export const BindingFailedEvent = z.object({
  event: z.literal('binding.failed'),
  timestamp: z.string(),
  ownerId: z.string(),
  bindingId: z.string(),
  data: z.object({
    bindingId: z.string(),
    templateId: z.string(),
    status: z.enum(['active', 'paused', 'error']),
    renderUrl: z.string(),
    error: z.string(),
    errorCode: z.string(),
    trigger: z.string(),
    consecutiveFailures: z.number().int(),
    /** What the render URL serves now: the last good image (`stale`), an error (`error`, onError serve_error) or the placeholder (`none`: no good render yet). */
    serving: z.enum(['stale', 'error', 'none']),
    failedAt: z.string(),
  }),
});
export type BindingFailedEvent = z.infer<typeof BindingFailedEvent>;

/**
 * Notification `binding.wake.<bindingId>`: the API made a binding due (created, changed, resumed,
 * triggered); schedulers sweep now instead of at their next poll, which slows down while nothing is due.
 */
export const BindingWake = z.object({ bindingId: z.string() });
export type BindingWake = z.infer<typeof BindingWake>;
