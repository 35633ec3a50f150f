import type { LookupFunction } from 'node:net';
import type { SsrfGuard } from './guard.js';

/**
 * A `lookup` for sockets that another library opens (the S3 SDK writing to a user's bucket):
 * every name is resolved through the guard, so the connection goes only to addresses the policy
 * approved, on every (re)connect. IP literals never reach a lookup: `guard.check` the URL first.
 */
export function guardedLookup(
  guard: SsrfGuard,
  /** The scheme the connection uses, so a refusal names the URL as the library reaches it (S3 is https unless the endpoint says otherwise). */
  options: { protocol?: 'http:' | 'https:' } = {},
): LookupFunction {
  const protocol = options.protocol ?? 'https:';
  return (hostname, lookupOptions, callback) => {
    guard.resolve(`${protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}/`).then(
      ({ addresses }) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no approved address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        } else if (lookupOptions.all) {
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        } else {
          const first = addresses.find((a) => !lookupOptions.family || a.family === lookupOptions.family) ?? addresses[0]!;
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: (error as NodeJS.ErrnoException).code ?? 'EBLOCKED' }), '', 4),
    );
  };
}
