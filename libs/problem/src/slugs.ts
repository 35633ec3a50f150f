/**
 * Every problem type the API can answer, with its HTTP status, title and a
 * short human explanation served at GET /errors/<slug>.
 */
export interface ProblemKind {
  readonly status: number;
  readonly title: string;
  readonly description: string;
}

export const PROBLEM_KINDS = {
  'validation-error': {
    status: 400,
    title: 'Validation Error',
    description: 'The request body or query failed validation. The `errors` array lists each failing field with a message.',
  },
  'malformed-json': { status: 400, title: 'Malformed JSON', description: 'The request body is not valid JSON.' },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported Media Type',
    description: 'Request bodies must be sent as application/json.',
  },
  'payload-too-large': { status: 413, title: 'Payload Too Large', description: 'The request body is larger than the documented limit.' },
  'missing-auth': {
    status: 401,
    title: 'Missing Authentication',
    description:
      'The request has no valid `Authorization: Bearer <API key>` header. Common causes: a missing `Bearer` word, a wrong header name, extra whitespace, a truncated key.',
  },
  'invalid-api-key': { status: 401, title: 'Invalid API Key', description: 'The API key is unknown or has been revoked.' },
  forbidden: { status: 403, title: 'Forbidden', description: 'The key is valid but may not perform this operation.' },
  'csrf-failed': {
    status: 403,
    title: 'CSRF Check Failed',
    description:
      'A request authenticated by the dashboard session cookie must come from the same origin and, when it changes state, carry the `X-CSRF-Token` header equal to the `pressroom_csrf` cookie.',
  },
  'not-signed-in': { status: 401, title: 'Not Signed In', description: 'There is no dashboard session, or it has expired. Sign in again.' },
  'invalid-credentials': { status: 401, title: 'Invalid Credentials', description: 'The email or password is not correct.' },
  'account-locked': {
    status: 423,
    title: 'Account Locked',
    description: 'Too many wrong passwords in a row: sign-in is refused until the time given by `Retry-After` and `lockedUntil`.',
  },
  'signup-closed': {
    status: 403,
    title: 'Sign-up Closed',
    description: 'This instance does not accept new accounts, or only with an invitation.',
  },
  'invalid-invite': {
    status: 404,
    title: 'Invalid Invitation',
    description: 'The invitation link is unknown, expired, revoked or already used.',
  },
  'invalid-signature': {
    status: 403,
    title: 'Invalid Signature',
    description:
      'The signed render URL does not verify: `s` is missing or malformed, the path or a query parameter changed after signing, it was signed with another secret, or `sid` names no active URL-signing secret (rotated or revoked). See docs/signed-urls.md.',
  },
  'signature-expired': {
    status: 403,
    title: 'Signature Expired',
    description: 'The signed render URL carries an `exp` (Unix seconds) that has passed. Sign a new URL.',
  },
  'signed-render-cap': {
    status: 403,
    title: 'Signed Render Cap Reached',
    description:
      "The URL-signing secret's URLs caused as many distinct renders as its `maxRenders` allows; URLs already rendered are still served. Rotate the secret for a new allowance.",
  },
  'not-found': { status: 404, title: 'Not Found', description: 'The resource does not exist or belongs to another account.' },
  'route-not-found': { status: 404, title: 'Route Not Found', description: 'No endpoint exists at this path.' },
  'method-not-allowed': {
    status: 405,
    title: 'Method Not Allowed',
    description: 'The endpoint exists but does not accept this HTTP method. The `Allow` header lists the methods it accepts.',
  },
  'blocked-url': {
    status: 400,
    title: 'Blocked URL',
    description:
      'The URL, or a resource or redirect it leads to, points at an address the service refuses to fetch: file:, loopback, private, link-local or cloud metadata addresses.',
  },
  'selector-not-found': {
    status: 422,
    title: 'Selector Not Found',
    description: 'The CSS selector given in `selector` matched no element on the rendered page.',
  },
  'render-timeout': {
    status: 422,
    title: 'Render Timed Out',
    description:
      'The page did not finish loading and rendering within the render time limit. Check for resources that never load or scripts that never end.',
  },
  'render-failed': {
    status: 422,
    title: 'Render Failed',
    description: 'The page could not be rendered, for example because it crashed the renderer or could not be reached.',
  },
  'render-crashed': {
    status: 500,
    title: 'Render Crashed',
    description:
      'The renderer process stopped (killed or crashed, for example for using more memory than it may) on every attempt at this render, so it was given up. Nothing was charged. A page that needs less memory, or a retry later, usually renders.',
  },
  'navigation-failed': {
    status: 422,
    title: 'Navigation Failed',
    description: 'The URL could not be loaded: DNS failure, connection refused or an HTTP error page.',
  },
  'template-not-found': {
    status: 404,
    title: 'Template Not Found',
    description: 'No template with this uid exists for the calling account.',
  },
  'expression-error': {
    status: 400,
    title: 'Expression Error',
    description:
      'A `{{ }}` expression in the template (or sent to POST /templates/expression/test) could not be parsed or evaluated: a syntax error, an undefined variable, a wrong argument or a limit. `expression` and `position` (1-based column) say where.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    description: 'The resource is in a state that does not allow this operation, for example cancelling a batch that has already finished.',
  },
  'precondition-failed': {
    status: 412,
    title: 'Precondition Failed',
    description:
      'The `If-Match` header names a revision (ETag) the resource no longer has: someone changed it since it was read. Nothing was written. `etag` is the current revision; `updatedAt` and `updatedBy` say when and by whom it was last saved, when known. Read it again (GET) to see their change, or send the current ETag (or no `If-Match`) to replace it.',
  },
  'plan-limit': {
    status: 403,
    title: 'Plan Limit Exceeded',
    description:
      "The request is larger than the calling account's plan allows (for example more batch items per job than the plan permits). `code` names the limit; `limit` and `plan` give its value.",
  },
  'too-many-batches': {
    status: 429,
    title: 'Too Many Batches',
    description:
      'The account already runs as many batches at once as its plan allows. Retry when one finishes (`Retry-After` gives a hint). `code` is `batch_limit`.',
  },
  'rate-limit': {
    status: 429,
    title: 'Rate Limit Exceeded',
    description: 'Too many requests. Retry after the number of seconds in the `Retry-After` header.',
  },
  'quota-exceeded': { status: 429, title: 'Quota Exceeded', description: 'The monthly render credits are used up.' },
  'data-source-failed': {
    status: 422,
    title: 'Data Source Failed',
    description:
      "A binding's data source could not be used: it did not answer, answered an HTTP error, was too large or too slow, redirected in a loop, or did not answer JSON. `code` names the reason (the `errorCode` values of binding.failed).",
  },
  'binding-error': {
    status: 502,
    title: 'Binding In Error',
    description:
      "The binding's last refresh failed and its `refreshPolicy.onError` is `serve_error`, so its render URL answers this instead of the last good image. `code` and `detail` give the failure.",
  },
  'idempotency-key-reuse': {
    status: 422,
    title: 'Idempotency Key Reused',
    description:
      'The `Idempotency-Key` was already used in the last 24 hours with a different request (method, path or body). Use a new key for a new request.',
  },
  'idempotency-in-progress': {
    status: 409,
    title: 'Idempotent Request In Progress',
    description:
      'A request with the same `Idempotency-Key` is still running and did not finish within the wait. Retry after `Retry-After` seconds with the same key to get its stored response.',
  },
  'endpoint-retired': {
    status: 410,
    title: 'Endpoint Retired',
    description:
      'This endpoint no longer exists. The `/workflow` endpoints were retired: render many images from one template with `POST /templates/{uid}/batch-render` (see `docs/batch.md`). Answered without authentication.',
  },
  'invalid-variable': {
    status: 422,
    title: 'Invalid Variable',
    description:
      "A variable value does not fit the video template's variable definitions (a bad colour, an unsafe image URL, a missing required value). `code` is `invalid_variable`; `errors` lists each variable. Unknown variable names are ignored.",
  },
  'invalid-media': {
    status: 422,
    title: 'Invalid Media',
    description:
      'A video or audio source of a timeline cannot be used: it is not a video (or has no audio), it is larger than the size limit (refused before download), it is on a blocked address, or it could not be fetched. `errors` names each source by its field (`projectJson.tracks.0.clips.1.src`, or `variables.<name>` when a variable gave it).',
  },
  'template-compile-error': {
    status: 422,
    title: 'Template Does Not Compile',
    description:
      'The code video template (TSX) does not build: a syntax or type-stripping error, an import outside `remotion`, `@remotion/*`, `react` and `zod`, or a missing `export default` scene or `export const meta`. `errors` lists each compiler message with its line and column.',
  },
  'preview-not-supported': {
    status: 501,
    title: 'Preview Not Supported',
    description:
      'Single-frame previews are available for code video templates only; timeline templates answer this. `code` is `preview_not_supported`.',
  },
  'ai-quota-exceeded': {
    status: 402,
    title: 'AI Credits Exhausted',
    description:
      'The monthly AI credits are used up. `code` is `ai_quota_exceeded`. They renew on the first day of the next calendar month; AI credits have no overage.',
  },
  'ai-not-configured': {
    status: 501,
    title: 'AI Not Configured',
    description:
      'This server has no AI provider configured (PRESSROOM_AI_BASE_URL and PRESSROOM_AI_API_KEY), so AI operations such as POST /video/templates/generate are unavailable.',
  },
  'ai-generation-failed': {
    status: 502,
    title: 'AI Generation Failed',
    description:
      'The AI provider did not answer, answered an error, or produced a scene that does not compile even after a repair attempt. Nothing was charged; retry or rephrase the prompt.',
  },
  'no-speech': {
    status: 422,
    title: 'No Speech',
    description: 'The transcription found no spoken words in the source (silence, music only). `code` is `no_speech`. Nothing was charged.',
  },
  'ai-transcription-failed': {
    status: 502,
    title: 'AI Transcription Failed',
    description:
      'The AI provider did not answer within PRESSROOM_AI_TIMEOUT_MS, answered an error, or answered without word timings. Nothing was charged; retry later.',
  },
  'invalid-captions': {
    status: 422,
    title: 'Invalid Captions',
    description:
      "A caption clip's subtitles cannot be used: the SRT or WebVTT text does not parse (the message gives the line), or its URL is blocked by the SSRF guard or could not be fetched. `errors` names each clip's `captions` field, or `variables.<name>` when a variable gave them.",
  },
  'range-not-satisfiable': {
    status: 416,
    title: 'Range Not Satisfiable',
    description:
      'The `Range` header asks for bytes that start past the end of the file. `Content-Range: bytes */<size>` gives the size; ask for a range inside it, or drop the header for the whole file.',
  },
  'storage-write-failed': {
    status: 422,
    title: 'Storage Write Failed',
    description:
      "The custom storage settings were not saved: the test write to the bucket failed (wrong credentials, no write permission, a missing bucket, or an endpoint that did not answer in time). `detail` gives the store's reason.",
  },
  'service-unavailable': {
    status: 503,
    title: 'Service Unavailable',
    description: 'A dependency of the service is not available right now. Retry later.',
  },
  'internal-error': { status: 500, title: 'Internal Server Error', description: 'An unexpected error occurred. It has been logged.' },
} as const satisfies Record<string, ProblemKind>;

export type ProblemSlug = keyof typeof PROBLEM_KINDS;

export function isProblemSlug(value: string): value is ProblemSlug {
  return Object.prototype.hasOwnProperty.call(PROBLEM_KINDS, value);
}
