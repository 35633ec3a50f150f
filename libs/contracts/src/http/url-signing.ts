import { z } from 'zod';
import { FileExtension } from './common.js';
import { URL_SIGNING_MAX_RENDERS } from './output-limits.js';
import { LayoutKey } from './template.js';
import { URL_RENDER_PARAMS } from './url-render.js';

/** POST /account/url-signing-secret: make (or rotate to) a new secret for signed render URLs (docs/signed-urls.md). */
export const UrlSigningSecretRequest = z.object({
  /** Most distinct renders (cache misses) the secret's URLs may cause; omit or null for no cap. */
  maxRenders: z.number().int().min(1).max(URL_SIGNING_MAX_RENDERS).nullable().optional(),
});
export type UrlSigningSecretRequest = z.infer<typeof UrlSigningSecretRequest>;

/** A URL-signing secret as the API shows it; `secret` only in the answer that made it. */
export interface UrlSigningSecretView {
  id: string;
  maxRenders: number | null;
  rendersUsed: number;
  createdAt: string;
  secret?: string;
  /** The secret this one replaced (revoked), on rotation. */
  replaces?: string | null;
}

/**
 * What GET /account/url-signing-secret answers: the secret in force (never its value) with `configured: true`, or,
 * only under `?ifNone=empty` (SettingLookupQuery), `{configured: false}` when the account has none.
 */
export type UrlSigningSecretLookup = ({ configured: true } & Omit<UrlSigningSecretView, 'secret' | 'replaces'>) | { configured: false };

/** The longest a link signed by the server may stay valid; without `expiresInSeconds` it lasts until the secret changes. */
export const MAX_SIGNED_URL_SECONDS = 366 * 24 * 60 * 60;

/** A URL carries text: numbers and booleans are written as text, as a person would type them into the URL. */
const UrlVariables = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()], { error: 'Must be text, a number or a boolean: a URL carries text' }))
  .superRefine(
    (variables, ctx) => {
      for (const name of Object.keys(variables)) {
        if (name === '') ctx.addIssue({ code: 'custom', path: [name], message: 'Variable names must not be empty.' });
        if (!URL_RENDER_PARAMS.includes(name)) continue;
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `\`${name}\` is a parameter of the render URL itself (${URL_RENDER_PARAMS.join(', ')}), so it cannot be a variable there; rename the variable.`,
        });
      }
    },
    // Also when another value is refused: every field at fault is named at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );

/**
 * POST /account/url-signing-secret/sign: the server signs a render URL with the account's stored
 * secret, so a client (the dashboard) gets a signed link without holding the secret (docs/signed-urls.md).
 */
export const SignRenderUrlRequest = z.strictObject({
  templateUid: z.string().min(1).max(200),
  format: FileExtension,
  variables: UrlVariables.optional(),
  /** A layout key; `default` (the template itself) is the same as none. */
  layout: LayoutKey.optional(),
  quality: z.number().min(0).max(1).optional(),
  /** Seconds from now until the link answers `signature-expired`; omit for a link without `exp`. */
  expiresInSeconds: z.number().int().min(60).max(MAX_SIGNED_URL_SECONDS).optional(),
});
export type SignRenderUrlRequest = z.infer<typeof SignRenderUrlRequest>;

/** A signed render URL: absolute, on the instance's public address; `expiresAt` null when it has no `exp`. */
export interface SignedRenderUrlView {
  url: string;
  expiresAt: string | null;
}
