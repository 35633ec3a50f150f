export { createSsrfGuard } from './guard.js';
export type { SsrfGuard, SsrfPolicy, SsrfGuardOptions, HostLookup, ResolvedAddress, CheckedUrl } from './guard.js';
export {
  ALLOW_PRIVATE_HOSTS_HINT,
  ALLOW_PRIVATE_HOSTS_SETTING,
  BlockedUrlError,
  shortenUrl,
  UnresolvableHostError,
  withoutUrlCredentials,
} from './blocked-url-error.js';
export type { BlockedUrlOptions } from './blocked-url-error.js';
export { GuardedFetchError } from './guarded-fetch.js';
export type { GuardedFetchInit, GuardedResponse, GuardedStreamResponse, GuardedFetchFailure } from './guarded-fetch.js';
export { guardedLookup } from './guarded-lookup.js';
