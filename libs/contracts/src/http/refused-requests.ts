import { z } from 'zod';

/*
 * GET /account/refused-requests: the workspace's requests the API refused with a 4xx problem
 * (docs/adr/0071-refused-requests-log.md). Pressroom's own: the hosted service has no such endpoint.
 * services/gateway/src/routes/refused-request-routes.ts builds the answer with these types.
 */

/** At most this many are kept per workspace, and so listed. */
export const REFUSED_REQUESTS_MAX = 200;

export const RefusedRequestsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(REFUSED_REQUESTS_MAX).default(50),
});

export const RefusedRequestView = z.object({
  id: z.string(),
  at: z.string().describe('When it was answered, ISO 8601 date-time (UTC).'),
  method: z.string(),
  path: z.string().describe('The path as sent, without the query string.'),
  status: z.number().int().describe('The HTTP status answered (4xx).'),
  type: z.string().describe("The problem type's slug (`validation-error`)."),
  title: z.string(),
  detail: z.string(),
  errors: z
    .array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() }))
    .describe("The problem's per-field errors; empty when it named none."),
  key: z
    .object({ id: z.string(), name: z.string().nullable(), masked: z.string() })
    .nullable()
    .describe('The API key the request came with; null: the dashboard session.'),
});
export type RefusedRequestView = z.infer<typeof RefusedRequestView>;

export const RefusedRequestList = z.object({
  items: z.array(RefusedRequestView).describe('Newest first.'),
});
export type RefusedRequestList = z.infer<typeof RefusedRequestList>;
