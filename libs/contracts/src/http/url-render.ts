import { z } from 'zod';
import { LAYOUT_KEY } from './template.js';

/**
 * The query parameters `GET /r/{templateUid}.{ext}` reads itself (docs/url-rendering.md,
 * docs/signed-urls.md); every other parameter is a template variable. The route reads them by
 * hand, since any failure but a signature's must answer the transparent pixel rather than a
 * problem; this schema is their description in the API document and the one list of their names.
 */
export const UrlRenderQuery = z.object({
  token: z
    .string()
    .optional()
    .describe(
      'An API key, when the URL is not signed (`Authorization: Bearer <key>` works too). Every key is full-access: a URL holding one is for server-side or private use only; sign the URLs you publish.',
    ),
  quality: z.number().min(0).max(1).default(0.9).describe('JPEG and WebP quality, 0 to 1.'),
  layout: z.string().regex(LAYOUT_KEY).optional().describe("A layout key of the template (default: the template's own size and design)."),
  sid: z.string().optional().describe('Signed URLs: the public id (`uss_…`) of the URL-signing secret that signed it.'),
  exp: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Signed URLs, optional: the Unix time (seconds) after which the URL answers `signature-expired`. Signed with the rest.'),
  s: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe(
      'Signed URLs: the lowercase hex HMAC-SHA256, keyed with the secret, of the path `/r/{file}` and the canonical query (every parameter but `s`; docs/signed-urls.md). With `s` no key is needed.',
    ),
});

/** Names a URL render keeps for itself: never a template variable, in a URL or in a signing request. */
export const URL_RENDER_PARAMS: readonly string[] = Object.keys(UrlRenderQuery.shape);
