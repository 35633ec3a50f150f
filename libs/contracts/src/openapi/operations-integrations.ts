import { z } from 'zod';
import { WebhookCreate, WebhookListQuery, WebhookUpdate } from '../http/webhooks.js';
import { BindingCreate, BindingListQuery, BindingTestSource, BindingUpdate } from '../http/bindings.js';
import { BindingTestResult, BindingView, SourceDescription } from '../http/binding-views.js';
import { file, json, type Operation } from './operation.js';
import { Deleted, Pagination, WebhookSubscription } from './responses.js';
import { BINDING_EXAMPLE, BINDING_TEST_EXAMPLE, SOURCE_DESCRIPTION_EXAMPLE } from './response-examples.js';

const SUBSCRIPTION = json(z.looseObject({ subscription: WebhookSubscription }));
const BINDING = json(z.object({ binding: BindingView }), 'OK', BINDING_EXAMPLE);
const DELIVERY = json(z.looseObject({ deliveryId: z.string() }), 'Accepted: queued for delivery.');

export const webhookOperations: Operation[] = [
  {
    method: 'get',
    path: '/webhook-subscriptions',
    operationId: 'listWebhooks',
    tag: 'Webhooks',
    summary: 'List webhook subscriptions',
    auth: 'apiKey',
    query: WebhookListQuery,
    responses: { 200: json(z.looseObject({ subscriptions: z.array(WebhookSubscription), pagination: Pagination })) },
  },
  {
    method: 'post',
    path: '/webhook-subscriptions',
    operationId: 'createWebhook',
    tag: 'Webhooks',
    summary: 'Subscribe a URL to events; the answer shows the signing secret once',
    auth: 'apiKey',
    body: WebhookCreate,
    example: { event: 'render.completed', targetUrl: 'https://example.com/hooks/pressroom' },
    responses: { 201: SUBSCRIPTION },
    problems: ['blocked-url'],
  },
  {
    method: 'get',
    path: '/webhook-subscriptions/{uid}',
    operationId: 'getWebhook',
    tag: 'Webhooks',
    summary: 'One webhook subscription',
    auth: 'apiKey',
    responses: { 200: SUBSCRIPTION },
    problems: ['not-found'],
  },
  {
    method: 'put',
    path: '/webhook-subscriptions/{uid}',
    operationId: 'updateWebhook',
    tag: 'Webhooks',
    summary: 'Change a webhook subscription',
    auth: 'apiKey',
    body: WebhookUpdate,
    example: { targetUrl: 'https://example.com/hooks/v2' },
    responses: { 200: SUBSCRIPTION },
    problems: ['not-found', 'blocked-url'],
  },
  {
    method: 'delete',
    path: '/webhook-subscriptions/{uid}',
    operationId: 'deleteWebhook',
    tag: 'Webhooks',
    summary: 'Delete a webhook subscription',
    auth: 'apiKey',
    responses: { 200: json(Deleted) },
    problems: ['not-found'],
  },
  ...(['pause', 'resume'] as const).map((action): Operation => ({
    method: 'post',
    path: `/webhook-subscriptions/{uid}/${action}`,
    operationId: `${action}Webhook`,
    tag: 'Webhooks',
    summary: action === 'pause' ? 'Stop deliveries until resumed' : 'Deliver again',
    auth: 'apiKey',
    responses: { 200: SUBSCRIPTION },
    problems: ['not-found'],
  })),
  {
    method: 'get',
    path: '/webhook-subscriptions/{uid}/deliveries',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'Delivery log of a subscription',
    auth: 'apiKey',
    responses: {
      200: json(
        z.looseObject({
          items: z.array(
            z.looseObject({
              id: z.string(),
              event: z.string(),
              createdAt: z.string(),
              status: z.string(),
              responseCode: z.number().int().nullable(),
              attempt: z.number().int(),
              lastAttemptAt: z
                .string()
                .nullable()
                .describe(
                  "When the latest attempt's outcome was recorded (ISO 8601); null while none has been. `createdAt` is when the delivery was queued.",
                ),
              nextRetryAt: z.string().nullable(),
              error: z.string().nullable(),
              test: z
                .boolean()
                .describe('A test event (`POST /webhook-subscriptions/{uid}/test`, or a redelivery of one): its `data.test` is true.'),
              redeliveryOf: z
                .string()
                .nullable()
                .describe('The id of the delivery this one sends again (`POST /webhook-deliveries/{id}/redeliver`); null otherwise.'),
            }),
          ),
          nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last.'),
        }),
      ),
    },
    problems: ['not-found'],
  },
  {
    method: 'post',
    path: '/webhook-subscriptions/{uid}/test',
    operationId: 'testWebhook',
    tag: 'Webhooks',
    summary: 'Send a test event to the subscription',
    auth: 'apiKey',
    responses: { 202: DELIVERY },
    problems: ['not-found'],
  },
  {
    method: 'post',
    path: '/webhook-deliveries/{id}/redeliver',
    operationId: 'redeliverWebhook',
    tag: 'Webhooks',
    summary: 'Send a past delivery again',
    auth: 'apiKey',
    responses: { 202: DELIVERY },
    problems: ['not-found'],
  },
];

export const bindingOperations: Operation[] = [
  {
    method: 'get',
    path: '/bindings',
    operationId: 'listBindings',
    tag: 'Bindings',
    summary: 'List data bindings (live images fed by a data source)',
    auth: 'apiKey',
    query: BindingListQuery,
    responses: { 200: json(z.object({ bindings: z.array(BindingView), pagination: Pagination })) },
  },
  {
    method: 'post',
    path: '/bindings',
    operationId: 'createBinding',
    tag: 'Bindings',
    summary: 'Bind a template to a data source',
    auth: 'apiKey',
    body: BindingCreate,
    example: { templateId: 'tpl_123', dataSource: { url: 'https://api.example.com/stats' }, mapping: { visitors: 'data.visitors' } },
    responses: { 201: json(z.object({ binding: BindingView }), 'Created; its first render is queued.', BINDING_EXAMPLE) },
    problems: ['template-not-found', 'blocked-url', 'data-source-failed'],
  },
  {
    method: 'post',
    path: '/bindings/test-source',
    operationId: 'testBindingSource',
    tag: 'Bindings',
    summary: 'Fetch a data source once and show what it returns',
    auth: 'apiKey',
    body: BindingTestSource,
    example: { dataSource: { url: 'https://api.example.com/stats' } },
    responses: { 200: json(SourceDescription, 'OK', SOURCE_DESCRIPTION_EXAMPLE) },
    problems: ['blocked-url', 'data-source-failed'],
  },
  {
    method: 'get',
    path: '/bindings/{uid}',
    operationId: 'getBinding',
    tag: 'Bindings',
    summary: 'One binding',
    auth: 'apiKey',
    responses: { 200: BINDING },
    problems: ['not-found'],
  },
  {
    method: 'put',
    path: '/bindings/{uid}',
    operationId: 'updateBinding',
    tag: 'Bindings',
    summary: 'Change a binding',
    auth: 'apiKey',
    body: BindingUpdate,
    example: { refreshPolicy: { type: 'ttl', ttlSeconds: 3600 } },
    responses: { 200: BINDING },
    problems: ['not-found', 'template-not-found', 'blocked-url'],
  },
  {
    method: 'delete',
    path: '/bindings/{uid}',
    operationId: 'deleteBinding',
    tag: 'Bindings',
    summary: 'Delete a binding',
    auth: 'apiKey',
    responses: { 200: json(Deleted) },
    problems: ['not-found'],
  },
  ...(['pause', 'resume'] as const).map((action): Operation => ({
    method: 'post',
    path: `/bindings/{uid}/${action}`,
    operationId: `${action}Binding`,
    tag: 'Bindings',
    summary: action === 'pause' ? 'Stop refreshing a binding' : 'Refresh a binding again',
    auth: 'apiKey',
    responses: { 200: BINDING },
    problems: ['not-found'],
  })),
  {
    method: 'post',
    path: '/bindings/{uid}/refresh',
    operationId: 'refreshBinding',
    tag: 'Bindings',
    summary: 'Refresh a binding now',
    auth: 'apiKey',
    responses: { 202: json(z.object({ message: z.string(), binding: BindingView }), 'Accepted: the refresh is queued.') },
    problems: ['not-found', 'conflict'],
  },
  {
    method: 'post',
    path: '/bindings/{uid}/test',
    operationId: 'testBinding',
    tag: 'Bindings',
    summary: 'Fetch and map the data source without rendering',
    auth: 'apiKey',
    responses: { 200: json(BindingTestResult, 'OK', BINDING_TEST_EXAMPLE) },
    problems: ['not-found', 'data-source-failed'],
  },
  {
    method: 'get',
    path: '/b/{file}',
    route: String(/^\/b\/([^/]+)$/),
    operationId: 'getBindingImage',
    tag: 'Bindings',
    summary: "A binding's current image (public)",
    auth: 'public',
    responses: { 200: file(['image/png', 'image/jpeg', 'image/webp']), 304: { description: 'Not modified.' } },
    problems: ['not-found', 'binding-error'],
  },
  {
    method: 'post',
    path: '/hooks/bindings/{uid}/{token}',
    operationId: 'triggerBinding',
    tag: 'Bindings',
    summary: "Trigger a webhook-refreshed binding (the URL's token is the secret)",
    auth: 'public',
    responses: { 202: json(z.looseObject({ message: z.string(), uid: z.string() }), 'Accepted: the refresh is queued.') },
    problems: ['not-found', 'conflict'],
  },
];
