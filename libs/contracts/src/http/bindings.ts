import { z } from 'zod';
import { refineWhenTyped, ImageFormat, NameSearch, queryInt } from './common.js';
import { BINDING_TTL, REFRESH_POLICY_TYPES } from './binding-vocabulary.js';

/*
 * Bindings: a template whose variables follow an HTTP data source (see docs/bindings.md).
 * Fields per the contract's Binding sections; what it leaves open (credential
 * field names, other source types, onError values, outputConfig) follows the
 * reference service where it shows them.
 */

export const BINDING_STATUSES = ['active', 'paused', 'error'] as const;
export type BindingStatus = (typeof BINDING_STATUSES)[number];

export { REFRESH_POLICY_TYPES, BINDING_TTL, type RefreshPolicyType } from './binding-vocabulary.js';

/** serve_stale: keep serving the last good image; serve_error: the render URL answers 502 while the binding is in `error`. (The reference's `serve_default` is not offered.) */
export const BINDING_ON_ERROR = ['serve_stale', 'serve_error'] as const;
export type BindingOnError = (typeof BINDING_ON_ERROR)[number];

export const CREDENTIAL_TYPES = ['api_key', 'bearer_token', 'basic_auth', 'custom_header'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** HTTP header names (RFC 9110 token). */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'Expected an HTTP header name');
const headerValue = z
  .string()
  .max(4096)
  .regex(/^[^\r\n\0]*$/, 'Header values must not contain line breaks');

/**
 * How the data source authenticates. `value` carries the secret (the reference's
 * field name); basic_auth takes `username` + `password` (or `value` as `user:password`);
 * api_key is sent in `headerName` (default `X-API-Key`), custom_header in `headerName` (required).
 */
export const SourceCredentials = z
  .object({
    type: z.enum(CREDENTIAL_TYPES, { error: () => `\`type\` must be one of ${CREDENTIAL_TYPES.join(', ')}.` }),
    value: headerValue.min(1).optional(),
    headerName: headerName.optional(),
    username: headerValue.optional(),
    password: headerValue.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.type === 'basic_auth') {
      const split = c.value !== undefined && c.value.includes(':');
      if (c.username === undefined && !split)
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: 'basic_auth needs `username` and `password` (or `value` as "user:password").',
        });
      if (c.username !== undefined && c.username.includes(':'))
        ctx.addIssue({ code: 'custom', path: ['username'], message: 'A basic_auth username cannot contain ":".' });
      return;
    }
    if (c.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: `${c.type} needs \`value\`: the secret to send.` });
    if (c.type === 'custom_header' && c.headerName === undefined)
      ctx.addIssue({ code: 'custom', path: ['headerName'], message: 'custom_header needs `headerName`.' });
  });
export type SourceCredentials = z.infer<typeof SourceCredentials>;

const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'if-none-match', 'cookie']);

export const DataSource = z
  .object({
    type: z.enum(['http'], { error: () => '`type` must be "http" (the only data source type this server fetches).' }).default('http'),
    url: z
      .string({ error: (i) => (i.input === undefined ? '`url` is required: the http(s) URL of the JSON data.' : undefined) })
      .min(1)
      .max(2048),
    method: z.enum(['GET', 'POST']).default('GET'),
    headers: z.record(headerName, headerValue).optional(),
    /** POST only: a JSON body sent with every fetch. */
    body: z.unknown().optional(),
    credentials: SourceCredentials.nullable().optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (const name of Object.keys(s.headers ?? {})) {
      if (RESERVED_HEADERS.has(name.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['headers', name], message: `The header ${name} is set by the server.` });
    }
    if (s.body !== undefined && s.method !== 'POST')
      ctx.addIssue({ code: 'custom', path: ['body'], message: '`body` is sent only with method POST.' });
    if (s.body !== undefined && JSON.stringify(s.body).length > 64 * 1024)
      ctx.addIssue({ code: 'custom', path: ['body'], message: '`body` must be at most 64 KiB of JSON.' });
  });
export type DataSource = z.infer<typeof DataSource>;

/** Dot and index notation: `data.items[0].name`, `['odd key']`. Checked syntactically at creation. */
export const MAPPING_PATH = /^(?:[A-Za-z_$][\w$-]*|\[\d+\]|\['[^']*'\])(?:\.[A-Za-z_$][\w$-]*|\.\d+|\[\d+\]|\['[^']*'\])*$/;

export const Mapping = z.record(
  z.string().min(1).max(100),
  z.string().max(500).regex(MAPPING_PATH, 'Expected a path in dot/index notation, e.g. data.items[0].name'),
);

export const RefreshPolicy = z
  .object({
    type: z.enum(REFRESH_POLICY_TYPES, { error: () => `\`type\` must be one of ${REFRESH_POLICY_TYPES.join(', ')}.` }).default('ttl'),
    ttlSeconds: z
      .number({ error: () => 'Must be a whole number of seconds' })
      .int('Must be a whole number of seconds')
      .min(BINDING_TTL.min, `ttlSeconds must be between ${BINDING_TTL.min} and ${BINDING_TTL.max}`)
      .max(BINDING_TTL.max, `ttlSeconds must be between ${BINDING_TTL.min} and ${BINDING_TTL.max}`)
      .default(BINDING_TTL.default),
    onError: z.enum(BINDING_ON_ERROR, { error: () => `\`onError\` must be one of ${BINDING_ON_ERROR.join(', ')}.` }).default('serve_stale'),
  })
  .strict();
export type RefreshPolicy = z.infer<typeof RefreshPolicy>;

export const OutputConfig = z
  .object({
    format: ImageFormat.default('png'),
    /** 0.1–1, jpeg and webp (default 0.9). */
    quality: z.number().min(0.1).max(1).default(0.9),
  })
  .strict();
export type OutputConfig = z.infer<typeof OutputConfig>;

const name = z.string().min(1).max(200);
const templateId = z
  .string({ error: (i) => (i.input === undefined ? '`templateId` is required: the uid of one of your templates.' : undefined) })
  .min(1)
  .max(200);

/** POST /bindings */
export const BindingCreate = z.object({
  name: name.optional(),
  templateId,
  dataSource: DataSource,
  mapping: Mapping.default({}),
  defaults: z.record(z.string(), z.unknown()).default({}),
  refreshPolicy: RefreshPolicy.default({ type: 'ttl', ttlSeconds: BINDING_TTL.default, onError: 'serve_stale' }),
  outputConfig: OutputConfig.default({ format: 'png', quality: 0.9 }),
});
export type BindingCreate = z.infer<typeof BindingCreate>;

/** PUT /bindings/{uid}: any of these; `status` pauses (`paused`) or resumes (`active`). Objects replace the stored ones whole. */
export const BindingUpdate = z
  .object({
    name: name.optional(),
    templateId: templateId.optional(),
    dataSource: DataSource.optional(),
    mapping: Mapping.optional(),
    defaults: z.record(z.string(), z.unknown()).optional(),
    refreshPolicy: RefreshPolicy.optional(),
    outputConfig: OutputConfig.optional(),
    status: z.enum(['active', 'paused'], { error: () => '`status` can be set to "active" (resume) or "paused".' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['(body)'],
        message: 'Give at least one of name, templateId, dataSource, mapping, defaults, refreshPolicy, outputConfig, status.',
      });
    }
  }, refineWhenTyped());
export type BindingUpdate = z.infer<typeof BindingUpdate>;

export const BindingListQuery = z.object({
  status: z.enum(BINDING_STATUSES).optional(),
  templateId: z.string().min(1).max(200).optional(),
  page: queryInt({ min: 1, default: 1 }),
  limit: queryInt({ min: 1, max: 100, default: 20 }),
  search: NameSearch.describe(
    'Only the bindings whose name contains this text, in any case (`%` and `_` are plain characters, not wildcards). Trimmed; blank: no search. The pagination counts the matches.',
  ),
});
export type BindingListQuery = z.infer<typeof BindingListQuery>;

/** POST /bindings/test-source */
export const BindingTestSource = z.object({ dataSource: DataSource });

/** `errorCode` values of `binding.failed` (docs/bindings.md). */
export const BINDING_ERROR_CODES = [
  'BLOCKED_URL',
  'FETCH_FAILED',
  'FETCH_TIMEOUT',
  'RESPONSE_TOO_LARGE',
  'TOO_MANY_REDIRECTS',
  'HTTP_ERROR',
  'INVALID_JSON',
  'MAPPING_FAILED',
  'TEMPLATE_NOT_FOUND',
  'RENDER_FAILED',
] as const;
export type BindingErrorCode = (typeof BINDING_ERROR_CODES)[number];
