import * as client from 'openid-client';
import type { OidcSettings } from '@pressroom/config';

export interface OidcStart {
  url: string;
  /** What the callback needs to check the answer; kept sealed in a short-lived cookie. */
  flow: { state: string; nonce: string; verifier: string };
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * The one OpenID Connect relying party (authorization code + PKCE + nonce). The issuer is
 * operator configuration, not user input, so discovery and token calls go to it directly.
 * Discovery runs on first use and is retried after a failure.
 */
export function createOidcClient(settings: OidcSettings, redirectUri: string) {
  let config: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    config ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http only for a local/test issuer the operator configured as such.
        settings.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        config = null;
        throw error;
      });
    return config;
  };

  return {
    async start(): Promise<OidcStart> {
      const flow = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    async finish(callbackUrl: URL, flow: OidcStart['flow']): Promise<OidcIdentity> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> & { sub: string } = tokens.claims()!;
      // Many providers put email and name only in the userinfo response, not the ID token.
      if (typeof claims.email !== 'string')
        claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        issuer: config.serverMetadata().issuer,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
