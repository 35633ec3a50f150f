import { createHash, randomBytes } from 'node:crypto';

// Key format (spec): service prefix + "live_" + 64 hex. Older keys are bare 64 hex
// and stay valid. Hex is accepted in either case and lower-cased before hashing, so
// a key copied through something that upper-cases still authenticates.

export const API_KEY_PREFIX = 'prs_live_';
const PREFIXED = /^prs_live_[0-9a-fA-F]{64}$/;
const LEGACY = /^[0-9a-fA-F]{64}$/;

export function isWellFormedApiKey(key: string): boolean {
  return PREFIXED.test(key) || LEGACY.test(key);
}

export function isLegacyApiKey(key: string): boolean {
  return LEGACY.test(key);
}

/** The canonical form that is hashed: fixed lowercase prefix, lowercase hex. */
export function normaliseApiKey(key: string): string {
  return key.toLowerCase();
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('hex');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(normaliseApiKey(key)).digest('hex');
}

/** What may be stored and shown: enough to recognise a key, never enough to use it. */
export function apiKeyDisplayParts(key: string): { prefix: string; last4: string } {
  const normal = normaliseApiKey(key);
  const visibleStart = normal.startsWith(API_KEY_PREFIX) ? API_KEY_PREFIX.length + 4 : 4;
  return { prefix: normal.slice(0, visibleStart), last4: normal.slice(-4) };
}

export function maskApiKey(parts: { prefix: string; last4: string }): string {
  return `${parts.prefix}…${parts.last4}`;
}
