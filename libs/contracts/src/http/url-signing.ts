import { z } from 'zod';

/** POST /account/url-signing-secret: make (or rotate to) a new secret for signed render URLs (docs/signed-urls.md). */
export const UrlSigningSecretRequest = z.object({
  /** Most distinct renders (cache misses) the secret's URLs may cause; omit or null for no cap. */
  maxRenders: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
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
