import { z } from 'zod';
import { CustomStoragePut } from '../http/custom-storage.js';
import { SettingLookupQuery } from '../http/setting-lookup.js';
import { SignRenderUrlRequest, UrlSigningSecretRequest } from '../http/url-signing.js';
import { CallerView } from '../http/account-views.js';
import { json, noContent, type Operation } from './operation.js';
import { JsonObject, JsonRpcAnswer } from './responses.js';
import { CALLER_EXAMPLE, MCP_EXAMPLE } from './response-examples.js';

const SECRET = z.looseObject({ id: z.string(), createdAt: z.string() });
const STORAGE = z.looseObject({ customStorage: z.looseObject({ bucket: z.string(), region: z.string() }) });
/** GET of an optional setting: `configured` says whether one is set; `false` only under `?ifNone=empty`. */
const SECRET_LOOKUP = z.union([
  SECRET.extend({ configured: z.literal(true) }),
  z.looseObject({ configured: z.literal(false) }).describe('Only under `?ifNone=empty`: the account has no URL-signing secret.'),
]);
const STORAGE_LOOKUP = z.union([
  STORAGE.extend({ configured: z.literal(true) }),
  z
    .looseObject({ configured: z.literal(false), customStorage: z.null() })
    .describe('Only under `?ifNone=empty`: no custom storage is set.'),
]);
const IF_NONE =
  'When none is set: 404 `not-found`, or, with `?ifNone=empty`, 200 `{configured: false}` (for a client asking on every visit, such as the ' +
  "dashboard, where a 404 would show as a failed request). Pressroom's own; docs/adr/0076-settings-not-set-answer.md.";

/** Account settings reached with an API key or a session: URL signing, custom storage, who am I. */
export const settingsOperations: Operation[] = [
  {
    method: 'get',
    path: '/account/url-signing-secret',
    operationId: 'getUrlSigningSecret',
    tag: 'Account',
    summary: 'The URL-signing secret in force (never its value)',
    description: IF_NONE,
    auth: 'apiKey',
    query: SettingLookupQuery,
    responses: {
      200: json(SECRET_LOOKUP, 'The secret (`configured: true`), or `{configured: false}` under `?ifNone=empty` when there is none.', {
        configured: true,
        id: 'uss_5q8k3w',
        maxRenders: 1000,
        rendersUsed: 12,
        createdAt: '2026-01-05T10:00:00.000Z',
      }),
    },
    problems: ['not-found'],
  },
  {
    method: 'post',
    path: '/account/url-signing-secret',
    operationId: 'rotateUrlSigningSecret',
    tag: 'Account',
    summary: 'Make or rotate the secret that signs /r/ URLs (shown once)',
    auth: 'apiKey',
    body: UrlSigningSecretRequest,
    example: { maxRenders: 1000 },
    responses: {
      201: json(SECRET.extend({ secret: z.string() }), 'The new secret, shown this once; URLs signed with the old one stop working.'),
    },
  },
  {
    method: 'post',
    path: '/account/url-signing-secret/sign',
    operationId: 'signRenderUrl',
    tag: 'Account',
    summary: 'Sign a render URL with the stored secret (the caller never holds it)',
    description:
      "Builds `/r/{templateUid}.{format}` with the variables, `layout` and `quality` on the instance's public address and signs it with the " +
      "account's URL-signing secret, as `signRenderUrl` of docs/signed-urls.md does. The variables are checked as the render will read them. " +
      'Without `expiresInSeconds` the link has no `exp`: it works until the secret is rotated or revoked.',
    auth: 'apiKey',
    body: SignRenderUrlRequest,
    example: { templateUid: 'tpl_8k3', format: 'png', variables: { title: 'Hello' }, expiresInSeconds: 604800 },
    responses: {
      200: json(
        z.looseObject({ url: z.string(), expiresAt: z.string().nullable() }),
        'The signed URL and when it expires (null: no `exp`).',
      ),
    },
    problems: ['not-found', 'template-not-found', 'invalid-variable', 'expression-error'],
  },
  {
    method: 'delete',
    path: '/account/url-signing-secret',
    operationId: 'revokeUrlSigningSecret',
    tag: 'Account',
    summary: 'Revoke the URL-signing secret (signed URLs stop working)',
    auth: 'apiKey',
    responses: { 204: noContent() },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/custom-storage',
    operationId: 'getCustomStorage',
    tag: 'Account',
    summary: 'The S3-compatible bucket every render is also copied to (secret masked)',
    description: IF_NONE,
    auth: 'apiKey',
    query: SettingLookupQuery,
    responses: {
      200: json(
        STORAGE_LOOKUP,
        'The settings (`configured: true`), or `{configured: false, customStorage: null}` under `?ifNone=empty` when none is set.',
      ),
    },
    problems: ['not-found'],
  },
  {
    method: 'put',
    path: '/custom-storage',
    operationId: 'setCustomStorage',
    tag: 'Account',
    summary: 'Set the custom bucket (checked with a test write before it is saved)',
    auth: 'apiKey',
    body: CustomStoragePut,
    example: {
      endpoint: 'https://s3.example.com',
      region: 'us-east-1',
      bucket: 'my-renders',
      forcePathStyle: true,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'example-secret',
    },
    responses: { 200: json(STORAGE) },
    problems: ['storage-write-failed', 'blocked-url'],
  },
  {
    method: 'delete',
    path: '/custom-storage',
    operationId: 'deleteCustomStorage',
    tag: 'Account',
    summary: 'Stop copying renders to the custom bucket',
    auth: 'apiKey',
    responses: { 204: noContent() },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/api/users',
    operationId: 'getCaller',
    tag: 'Account',
    summary: "The caller's account (the hosted service's MCP remote mode checks its key with it)",
    auth: 'apiKey',
    responses: { 200: json(CallerView, 'OK', CALLER_EXAMPLE) },
  },
  {
    method: 'post',
    path: '/mcp',
    operationId: 'mcp',
    tag: 'Operations',
    summary: 'The built-in MCP server (Streamable HTTP, JSON-RPC 2.0): render, templates and batches as tools',
    auth: 'apiKey',
    body: JsonObject,
    example: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    responses: {
      200: json(JsonRpcAnswer, 'A JSON-RPC answer.', MCP_EXAMPLE),
      202: noContent('Accepted: a notification (no answer).'),
      // MCP clients read a JSON-RPC error here, not a problem (ADR 0061).
      400: json(JsonRpcAnswer, 'The body is not JSON, or not a JSON-RPC message: a JSON-RPC parse error (`-32700`, `id: null`).', {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: the body is not JSON.' },
      }),
    },
  },
];
