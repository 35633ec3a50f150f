/*
 * The webhook vocabulary without zod: the dashboard imports it through
 * `@pressroom/contracts/constants` (a browser-safe entry), the schemas in
 * webhooks.ts build on it.
 */

/**
 * Events a subscription may name. The contract's four, plus `batch.completed`
 * (an extension: the contract sends it to a batch's own webhook URL and leaves
 * subscribing to it open; subscribing costs nothing and spares passing
 * `webhookUrl` with every batch), and `batch.failed`, which the hosted
 * service's clients subscribe to: sent beside `batch.completed` when every
 * item of a batch failed, with the same data.
 */
export const WEBHOOK_EVENTS = [
  'render.completed',
  'render.failed',
  'binding.updated',
  'binding.failed',
  'batch.completed',
  'batch.failed',
] as const;

/** `paused` is set in the dashboard only; `failed` after a delivery exhausted its retries. */
export const WEBHOOK_STATUSES = ['active', 'paused', 'failed'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** The render kinds a subscription's `type` filter may name. */
export const RENDER_TYPES = ['image', 'gif', 'pdf', 'video'] as const;
