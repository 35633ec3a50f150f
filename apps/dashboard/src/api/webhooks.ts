import type { WebhookStatus } from '@pressroom/contracts/constants';
import { api } from './client';

export { RENDER_TYPES, WEBHOOK_EVENTS } from '@pressroom/contracts/constants';

export interface WebhookFilters {
  templateId?: string | null;
  bindingId?: string | null;
  type?: string | null;
}

export interface WebhookSubscription {
  uid: string;
  event: string;
  targetUrl: string;
  platform: string;
  status: WebhookStatus;
  filters: WebhookFilters | null;
  deliveryCount: number;
  failureCount: number;
  lastDeliveryAt: string | null;
  /** The last attempt; when the subscription is `failed`, the one that disabled it. */
  lastDelivery: {
    deliveryId: string;
    status: 'success' | 'failed';
    timestamp: string;
    responseCode: number | null;
    attempt: number;
    error: string | null;
  } | null;
  createdAt: string;
}

export interface Delivery {
  id: string;
  event: string;
  createdAt: string;
  status: string;
  responseCode: number | null;
  attempt: number;
  /** When the latest attempt's outcome came; null while none has. */
  lastAttemptAt: string | null;
  nextRetryAt: string | null;
  error: string | null;
  /** A test event (Send test event, or a redelivery of one): its body's `data.test` is true. */
  test: boolean;
  /** The delivery this one sends again (Redeliver); null otherwise. */
  redeliveryOf: string | null;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (uid: string) => ['webhooks', uid, 'deliveries'] as const,
};

const sub = (uid: string) => `/webhook-subscriptions/${encodeURIComponent(uid)}`;

export const listWebhooks = () => api<{ subscriptions: WebhookSubscription[] }>('/webhook-subscriptions', { query: { limit: 100 } });
export const createWebhook = (body: { event: string; targetUrl: string; filters?: WebhookFilters }) =>
  api<{ subscription: WebhookSubscription & { secret: string } }>('/webhook-subscriptions', { json: body });
/** What an edit may change (PUT /webhook-subscriptions/{uid}): `filters: null` clears them; the signing secret never changes. */
export interface WebhookPatch {
  event?: string;
  targetUrl?: string;
  filters?: WebhookFilters | null;
}
export const updateWebhook = (uid: string, patch: WebhookPatch) =>
  api<{ subscription: WebhookSubscription }>(sub(uid), { method: 'PUT', json: patch });
export const pauseWebhook = (uid: string) => api<{ subscription: WebhookSubscription }>(`${sub(uid)}/pause`, { method: 'POST' });
export const resumeWebhook = (uid: string) => api<{ subscription: WebhookSubscription }>(`${sub(uid)}/resume`, { method: 'POST' });
export const listDeliveries = (uid: string) =>
  api<{ items: Delivery[]; nextCursor: string | null }>(`${sub(uid)}/deliveries`, { query: { limit: 50 } });
export const deleteWebhook = (uid: string) => api<unknown>(sub(uid), { method: 'DELETE' });
export const sendTestEvent = (uid: string) => api<{ deliveryId: string }>(`${sub(uid)}/test`, { method: 'POST' });
export const redeliver = (id: string) =>
  api<{ deliveryId: string }>(`/webhook-deliveries/${encodeURIComponent(id)}/redeliver`, { method: 'POST' });
