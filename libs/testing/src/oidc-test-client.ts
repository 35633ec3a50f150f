/** The client the test OpenID provider knows Pressroom as; the gateway's test settings use the same pair. */
export const OIDC_TEST_CLIENT = { clientId: 'pressroom', clientSecret: 'pressroom-test-secret' } as const;
