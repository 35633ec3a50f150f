// Types only (erased from the bundle): the shapes are the contracts' own.
import type { SignRenderUrlRequest, SignedRenderUrlView, UrlSigningSecretLookup, UrlSigningSecretView } from '@pressroom/contracts';
import { api } from './client';

/** The account's URL-signing secret as GET shows it (never the secret itself). */
export type UrlSigningSecret = Omit<UrlSigningSecretView, 'secret' | 'replaces'>;

/** A secret just made or rotated: `secret` is shown this once. */
export type IssuedUrlSigningSecret = UrlSigningSecret & { secret: string; replaces: string | null };

export type SignRenderUrlInput = SignRenderUrlRequest;
export type SignedRenderUrl = SignedRenderUrlView;

export const urlSigningKeys = { current: ['account', 'url-signing-secret'] as const };

/**
 * The secret in force, or null when the account has none. Asked with `?ifNone=empty`, so "none yet" is a 200
 * `{configured: false}` rather than the API's default 404, which the browser's console would list as a failed
 * request on every visit (docs/adr/0076-settings-not-set-answer.md).
 */
export async function getUrlSigningSecret(): Promise<UrlSigningSecret | null> {
  const answer = await api<UrlSigningSecretLookup>('/account/url-signing-secret', { query: { ifNone: 'empty' } });
  if (!answer.configured) return null;
  const { configured: _configured, ...secret } = answer;
  return secret;
}

/**
 * Makes the secret, or rotates it (the old one's links stop working). `maxRenders` is sent as typed when it
 * is not a number, so the server's message for the field says what is wrong with it.
 */
export const createUrlSigningSecret = (maxRenders: number | null) =>
  api<IssuedUrlSigningSecret>('/account/url-signing-secret', { json: { maxRenders } });

export const revokeUrlSigningSecret = () => api<undefined>('/account/url-signing-secret', { method: 'DELETE' });

/** A render URL signed by the server with the account's secret (which the dashboard never holds). */
export const signRenderUrl = (input: SignRenderUrlInput) => api<SignedRenderUrl>('/account/url-signing-secret/sign', { json: input });
