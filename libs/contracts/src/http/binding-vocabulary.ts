/*
 * The binding vocabulary the dashboard shows and checks before sending (zod-free, exported through
 * `@pressroom/contracts/constants`); bindings.ts builds the request schemas from it.
 */

export const REFRESH_POLICY_TYPES = ['ttl', 'etag', 'webhook', 'manual'] as const;
export type RefreshPolicyType = (typeof REFRESH_POLICY_TYPES)[number];

/** `refreshPolicy.ttlSeconds`: from one minute to one week. */
export const BINDING_TTL = { min: 60, max: 604_800, default: 300 } as const;
