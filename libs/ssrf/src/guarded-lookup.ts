import type { LookupFunction } from 'node:net';
import type { SsrfGuard } from './guard.js';

/**
 * A `lookup` for sockets that another library opens (the S3 SDK writing to a user's bucket):
 * every name is resolved through the guard, so the connection goes only to addresses the policy
 * approved, on every (re)connect. IP literals never reach a lookup: `guard.check` the URL first.
 */
export function guardedLookup(guard: SsrfGuard): LookupFunction {
  return (hostname, options, callback) => {
    guard.resolve(`http://${hostname.includes(':') ? `[${hostname}]` : hostname}/`).then(
      ({ addresses }) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no approved address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        } else {
          const first = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0]!;
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: (error as NodeJS.ErrnoException).code ?? 'EBLOCKED' }), '', 4),
    );
  };
}
