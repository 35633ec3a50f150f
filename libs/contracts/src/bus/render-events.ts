import { z } from 'zod';

/** Event `events.render.completed`: the contract's `data` plus routing fields for the dispatcher. */
export const RenderCompletedEvent = z.object({
  event: z.literal('render.completed'),
  timestamp: z.string(),
  ownerId: z.string(),
  data: z.object({
    type: z.enum(['image', 'gif', 'pdf', 'video']),
    source: z.enum(['html', 'url', 'template', 'canvas', 'batch', 'binding']),
    imageId: z.string(),
    url: z.string(),
    userStorageUrl: z.string().optional(),
    /** Only when the owner has custom storage and the copy there failed (the render itself succeeded). */
    userStorageError: z.string().optional(),
    width: z.number().int(),
    height: z.number().int(),
    templateId: z.string().nullable(),
    userId: z.string(),
    renderedAt: z.string(),
  }),
});
export type RenderCompletedEvent = z.infer<typeof RenderCompletedEvent>;

/** Event `events.render.failed`. */
export const RenderFailedEvent = z.object({
  event: z.literal('render.failed'),
  timestamp: z.string(),
  ownerId: z.string(),
  data: z.object({
    type: z.enum(['image', 'gif', 'pdf', 'video']),
    templateId: z.string().nullable(),
    error: z.string(),
    errorCode: z.string(),
    renderId: z.string(),
    userId: z.string(),
  }),
});
export type RenderFailedEvent = z.infer<typeof RenderFailedEvent>;
