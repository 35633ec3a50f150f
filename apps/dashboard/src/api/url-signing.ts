// Types only (erased from the bundle): the shapes are the contracts' own.
import type { SignRenderUrlRequest, SignedRenderUrlView, UrlSigningSecretView } from '@pressroom/contracts';
import { api } from './client';
import { ApiError } from './problem';

/** The account's URL-signing secret as GET shows it (never the secret itself). */
export type UrlSigningSecret = Omit<UrlSigningSecretView, 'secret' | 'replaces'>;

/** A secret just made or rotated: `secret` is shown this once. */
export type IssuedUrlSigningSecret = UrlSigningSecret & { secret: string; replaces: string | null };

export type SignRenderUrlInput = SignRenderUrlRequest;
export type SignedRenderUrl = SignedRenderUrlView;

export const urlSigningKeys = { current: ['account', 'url-signing-secret'] as const };

/**
 * The secret in force, or null when the account has none: the API's documented 404 (docs/signed-urls.md), which the
 * browser's console lists as a failed request. Kept: SDK users rely on it, and an answer of 200 null would change it.
 */
export async function getUrlSigningSecret(): Promise<UrlSigningSecret | null> {
  try {
    return await api<UrlSigningSecret>('/account/url-signing-secret');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Makes the secret, or rotates it (the old one's links stop working). `maxRenders` is sent as typed when it
 * is not a number, so the server's message for the field says what is wrong with it.
 */
export const createUrlSigningSecret = (maxRenders: number | string | null) =>
  api<IssuedUrlSigningSecret>('/account/url-signing-secret', { json: { maxRenders } });

export const revokeUrlSigningSecret = () => api<undefined>('/account/url-signing-secret', { method: 'DELETE' });

/** A render URL signed by the server with the account's secret (which the dashboard never holds). */
export const signRenderUrl = (input: SignRenderUrlInput) => api<SignedRenderUrl>('/account/url-signing-secret/sign', { json: input });
