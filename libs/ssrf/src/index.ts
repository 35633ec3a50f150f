export { createSsrfGuard } from './guard.js';
export type { SsrfGuard, SsrfPolicy, SsrfGuardOptions, HostLookup, ResolvedAddress, CheckedUrl } from './guard.js';
export { BlockedUrlError, UnresolvableHostError } from './blocked-url-error.js';
export { GuardedFetchError } from './guarded-fetch.js';
export type { GuardedFetchInit, GuardedResponse, GuardedStreamResponse, GuardedFetchFailure } from './guarded-fetch.js';
export { guardedLookup } from './guarded-lookup.js';
