import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { OIDC_TEST_CLIENT } from './oidc-test-client.js';

/** The claims a test person has at the provider (its development login page accepts any password). */
export interface OidcPerson {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** Starts answering, for a client whose only redirect URI is this one (known once the gateway listens). */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on an ephemeral port, with its development
 * login and consent pages. It listens first because the gateway needs the issuer URL at start; it
 * answers once `register` gives it the gateway's callback URL.
 */
export async function startOidcProvider(people: Record<string, OidcPerson>): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_TEST_CLIENT.clientId,
            client_secret: OIDC_TEST_CLIENT.clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: (_ctx, id) => {
          const person = people[id];
          return person ? { accountId: id, claims: () => ({ sub: id, ...person }) } : undefined;
        },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['oidc-test-cookie-key'] },
        // Explicit lifetimes: the package otherwise logs a notice for each default it falls back to.
        ttl: { AccessToken: 600, IdToken: 600, Grant: 600, Interaction: 600, Session: 600 },
      });
      server.on('request', provider.callback());
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
