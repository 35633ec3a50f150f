import type { z } from 'zod';
import type { ProblemSlug } from '@pressroom/problem';

/**
 * How a caller proves who it is: an API key (Bearer), the dashboard's session cookie, nothing, or — for
 * URL renders only — an API key in the `token` query parameter or the header, or a signed URL.
 */
export type AuthScheme = 'apiKey' | 'session' | 'public' | 'keyOrSignedUrl';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseSpec {
  description: string;
  /** JSON body schema; omit for a body-less answer (204, 304). */
  schema?: z.ZodType;
  /** Non-JSON bodies (files, HTML, event streams): the content types, with a binary/string body. */
  contentTypes?: readonly string[];
  /** Response headers worth naming, beyond the ones every operation of its kind sends: name → description. */
  headers?: Record<string, string>;
  /** An example JSON body (the document shows it; a test checks it against `schema`). */
  example?: unknown;
}

/**
 * A problem the operation can answer; `status` only when the endpoint overrides the slug's usual one, and
 * `detail` for the document's example when the slug's own description does not fit that status.
 */
export type ProblemRef = ProblemSlug | { slug: ProblemSlug; status: number; detail?: string };

/**
 * One HTTP operation of the API. The OpenAPI document, the reference page, the SDK's
 * types and the drift test against the gateway's router all come from a list of these.
 */
export interface Operation {
  method: HttpMethod;
  /** OpenAPI path (`/image/{uid}`); the gateway route is the same with `:uid`. */
  path: string;
  /** The express route when it is not `path` with `{x}` → `:x` (regular-expression routes). */
  route?: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: AuthScheme;
  query?: z.ZodObject;
  /** Query parameters taken under any name (a URL render's template variables): one form-exploded object of strings. */
  queryRest?: { name: string; description: string };
  /** Optional request headers the operation reads (If-Match, If-None-Match): name → description. */
  requestHeaders?: Record<string, string>;
  body?: z.ZodType;
  /** Example request body shown on the reference page. */
  example?: unknown;
  responses: Record<number, ResponseSpec>;
  /** Problems beyond the ones every operation of its kind can answer (see document.ts). */
  problems?: readonly ProblemRef[];
  /** Spends render credits: may answer `quota-exceeded`. */
  billed?: boolean;
  /**
   * Answers every failure except its own `problems` as a 200 image (URL renders, for `<img>`): no
   * authentication or validation problem is declared for it, only `problems` and `service-unavailable`.
   */
  failuresAsImage?: boolean;
}

export const json = (schema: z.ZodType, description = 'OK', example?: unknown): ResponseSpec => ({
  description,
  schema,
  ...(example !== undefined ? { example } : {}),
});
export const noContent = (description = 'Done; no body.'): ResponseSpec => ({ description });
export const file = (contentTypes: readonly string[], description = 'The file.', headers?: Record<string, string>): ResponseSpec => ({
  description,
  contentTypes,
  ...(headers ? { headers } : {}),
});
