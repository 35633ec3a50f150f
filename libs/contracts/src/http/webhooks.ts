import { z } from 'zod';
import { refineWhenTyped, queryInt, textField } from './common.js';
import { BindingFailedEvent, BindingUpdatedEvent } from '../bus/binding-events.js';
import { RENDER_TYPES, WEBHOOK_EVENTS, WEBHOOK_STATUSES, type WebhookStatus } from './webhook-events.js';

export { RENDER_TYPES, WEBHOOK_EVENTS, WEBHOOK_STATUSES, type WebhookStatus } from './webhook-events.js';

export const WebhookEvent = z.enum(WEBHOOK_EVENTS, {
  error: (issue) =>
    issue.input === undefined
      ? `\`event\` is required: one of ${WEBHOOK_EVENTS.join(', ')}.`
      : `Unknown event ${JSON.stringify(issue.input)}; subscribable events are ${WEBHOOK_EVENTS.join(', ')}.`,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WEBHOOK_PLATFORMS = ['custom', 'zapier', 'make', 'n8n', 'pipedream'] as const;
export const WebhookPlatform = z.enum(WEBHOOK_PLATFORMS);

/** A subscription receives only events whose fields equal every filter that is set. */
export const WebhookFilters = z
  .object({
    templateId: z.string().min(1).max(200).optional(),
    bindingId: z.string().min(1).max(200).optional(),
    type: z.enum(RENDER_TYPES).optional(),
  })
  // A misspelt filter silently matching everything would be worse than an error.
  .strict();
export type WebhookFilters = z.infer<typeof WebhookFilters>;

const targetUrl = textField('targetUrl', {
  max: 2048,
  trim: false,
  required: '`targetUrl` is required: the HTTPS URL that receives deliveries.',
});

/** POST /webhook-subscriptions */
export const WebhookCreate = z.object({
  event: WebhookEvent,
  targetUrl,
  platform: WebhookPlatform.default('custom'),
  filters: WebhookFilters.optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** PUT /webhook-subscriptions/{uid}: any of these; `filters: null` clears them. Status never changes here. */
export const WebhookUpdate = z
  .object({
    event: WebhookEvent.optional(),
    targetUrl: targetUrl.optional(),
    platform: WebhookPlatform.optional(),
    filters: WebhookFilters.nullable().optional(),
    status: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'Subscriptions cannot be paused or resumed through the API (dashboard only).',
      });
    }
    const given = (['event', 'targetUrl', 'platform', 'filters'] as const).filter((k) => body[k] !== undefined);
    if (given.length === 0 && body.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['(body)'], message: 'Give at least one of event, targetUrl, platform, filters.' });
    }
  }, refineWhenTyped());
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

export const WebhookListQuery = z.object({
  status: z.enum(WEBHOOK_STATUSES).optional(),
  event: WebhookEvent.optional(),
  page: queryInt({ min: 1, default: 1 }),
  limit: queryInt({ min: 1, max: 100, default: 20 }),
});
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;

/** The most recent delivery attempt of a subscription. */
export interface WebhookLastDelivery {
  deliveryId: string;
  event: string;
  status: 'success' | 'failed';
  timestamp: string;
  /** The receiver's HTTP status; null when none came back (time-out, refused, blocked). */
  responseCode: number | null;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** When the next retry goes out; null after a success or the last attempt. */
  nextRetryAt: string | null;
  error: string | null;
}

/** A subscription as the API returns it (the secret only in the create response). */
export interface WebhookSubscriptionView {
  uid: string;
  event: WebhookEvent;
  targetUrl: string;
  platform: string;
  status: WebhookStatus;
  filters: WebhookFilters;
  deliveryCount: number;
  failureCount: number;
  lastDeliveryAt: string | null;
  lastDelivery: WebhookLastDelivery | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

/*
 * What receivers get: `{event, timestamp, data}` with exactly the contract's
 * `data` fields. Bus events carry routing fields besides (ownerId, renderId);
 * parsing with these schemas strips them.
 */
export const RenderCompletedWebhookData = z.object({
  type: z.string(),
  source: z.string(),
  imageId: z.string(),
  url: z.string(),
  userStorageUrl: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
  templateId: z.string().nullable(),
  userId: z.string(),
  renderedAt: z.string(),
});

export const RenderFailedWebhookData = z.object({
  type: z.string(),
  templateId: z.string().nullable(),
  error: z.string(),
  errorCode: z.string(),
});

export const BatchCompletedWebhookData = z.object({
  batchId: z.string(),
  status: z.string(),
  totalCount: z.number().int(),
  completedCount: z.number().int(),
  failedCount: z.number().int(),
});

/** `data` schema per deliverable event. */
export const WEBHOOK_DATA: Partial<Record<WebhookEvent, z.ZodType<Record<string, unknown>>>> = {
  'render.completed': RenderCompletedWebhookData,
  'render.failed': RenderFailedWebhookData,
  'batch.completed': BatchCompletedWebhookData,
  'batch.failed': BatchCompletedWebhookData,
  'binding.updated': BindingUpdatedEvent.shape.data,
  'binding.failed': BindingFailedEvent.shape.data,
};

/** The body POSTed to a receiver. */
export interface WebhookEnvelope {
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The documented `errorCode` values of `render.failed` (see docs/webhooks.md).
 * Renderers derive most from the problem slug (upper snake case).
 */
export const RENDER_ERROR_CODES = [
  'TEMPLATE_NOT_FOUND',
  'LAYOUT_NOT_FOUND',
  'VALIDATION_ERROR',
  'EXPRESSION_ERROR',
  'BLOCKED_URL',
  'NAVIGATION_FAILED',
  'SELECTOR_NOT_FOUND',
  'RENDER_TIMEOUT',
  'RENDER_FAILED',
  'QUOTA_EXCEEDED',
  'CANCELLED',
] as const;

/** `render-timeout` → `RENDER_TIMEOUT`: how a problem slug becomes an errorCode. */
export function errorCodeOfSlug(slug: string): string {
  return slug.toUpperCase().replace(/-/g, '_');
}
