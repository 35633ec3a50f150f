import type { VersionAuthor } from '@pressroom/db';
import type { AuthContext } from './auth.js';

/** Who a template version names as its author: the dashboard user, or the API key (never the key itself). */
export function versionAuthor(auth: AuthContext): VersionAuthor {
  return { createdBy: auth.session ? auth.session.user.email : `key:${auth.keyId ?? 'unknown'}` };
}
