import { z } from 'zod';
import { BINDING_STATUSES, CREDENTIAL_TYPES, OutputConfig, RefreshPolicy } from './bindings.js';

/*
 * What the binding endpoints answer. The gateway's view (services/gateway/src/bindings/binding-view.ts)
 * returns these types, and the OpenAPI document shows these schemas.
 */

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');

/** Credentials as answers show them: the type and non-secret parts, the secret masked. */
export const MaskedCredentials = z.object({
  type: z.enum(CREDENTIAL_TYPES),
  headerName: z.string().optional(),
  username: z.string().optional(),
  value: z.string().describe('`••••` plus the last 4 characters (none when the secret is shorter than 12).'),
});
export type MaskedCredentials = z.infer<typeof MaskedCredentials>;

/** A binding: credentials masked, the trigger URL in full (it is the owner's to hand out). */
export const BindingView = z.object({
  uid: z.string(),
  name: z.string(),
  templateId: z.string(),
  dataSource: z.object({
    type: z.literal('http'),
    url: z.string(),
    method: z.enum(['GET', 'POST']),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional().describe('POST only: the JSON body sent with every fetch.'),
    credentials: MaskedCredentials.nullable(),
  }),
  mapping: z.record(z.string(), z.string()).describe('Template variable → path in the fetched JSON.'),
  defaults: z.record(z.string(), z.unknown()).describe('Values of variables the data does not give (free-form, as sent).'),
  refreshPolicy: RefreshPolicy,
  outputConfig: OutputConfig,
  status: z.enum(BINDING_STATUSES),
  renderUrl: z.string().describe('The public image URL (GET, no key).'),
  webhookUrl: z.string().describe('The secret trigger URL (POST refreshes); set for every binding, used by policy `webhook`.'),
  lastRefreshAt: timestamp.nullable(),
  lastSuccessAt: timestamp.nullable(),
  nextRefreshAt: timestamp.nullable(),
  lastError: z.object({ message: z.string(), code: z.string(), at: timestamp }).nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BindingView = z.infer<typeof BindingView>;

/** One path found in fetched JSON, for a mapping to use. */
export const SourcePath = z.object({
  path: z.string().describe('Dot and index notation: `data.items[0].name`.'),
  type: z.enum(['string', 'number', 'boolean', 'null', 'object', 'array']),
  sample: z.unknown().describe('The value there (arrays and objects shortened).'),
});
export type SourcePath = z.infer<typeof SourcePath>;

/** POST /bindings/test-source: what the data source answered, and every path a mapping can use. */
export const SourceDescription = z.object({
  ok: z.literal(true),
  status: z.number().int().describe("The data source's HTTP status."),
  etag: z.string().nullable(),
  bytes: z.number().int(),
  paths: z.array(SourcePath),
  truncated: z.boolean().describe('More paths than listed (at most 500).'),
  data: z.unknown().describe('The fetched JSON document itself.'),
});

/** POST /bindings/{uid}/test: the source described, and the binding's mapping applied to it. */
export const BindingTestResult = SourceDescription.extend({
  mapping: z.union([
    z.object({ ok: z.literal(true), variables: z.record(z.string(), z.unknown()).describe('The variables a render would get.') }),
    z.object({
      ok: z.literal(false),
      error: z.string(),
      missing: z.array(z.object({ variable: z.string(), path: z.string(), missingAt: z.string() })),
    }),
  ]),
});
