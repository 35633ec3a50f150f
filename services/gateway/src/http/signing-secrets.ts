import { findUrlSigningSecret, getAccount, type Db, type SecretBox } from '@pressroom/db';
import type { AuthContext } from './auth.js';

/** What a signed render URL needs to verify and act: the opened secret and whose it is. */
export interface SigningSecretEntry {
  id: string;
  secret: string;
  auth: AuthContext;
}

export interface SigningSecretCache {
  /** The active secret with this public id (`sid`), or null; served from memory for `cacheMs` after a read. */
  lookup(id: string): Promise<SigningSecretEntry | null>;
  /** Drops every cached secret: a rotation or revocation through this replica takes effect at once. */
  forget(): void;
}

/**
 * Signing secrets cached per public id, opened once, like the authenticate
 * middleware caches keys: a hot signed URL verifies with no database read.
 * A secret rotated or revoked through another replica stops working there
 * within `cacheMs`. Unknown ids are cached too (as null), so a flood of
 * made-up `sid`s cannot turn into database reads either.
 */
export function signingSecretCache(options: { db: Db; secretBox: SecretBox; cacheMs: number }): SigningSecretCache {
  const cache = new Map<string, { entry: SigningSecretEntry | null; until: number }>();
  return {
    async lookup(id) {
      const now = Date.now();
      const cached = cache.get(id);
      if (cached && cached.until > now) return cached.entry;
      const row = await findUrlSigningSecret(options.db, id);
      const account = row ? await getAccount(options.db, row.accountId) : null;
      const entry =
        row && account
          ? { id: row.id, secret: options.secretBox.open(row.secretCiphertext), auth: { account, keyId: null, ownerId: account.ownerId } }
          : null;
      if (options.cacheMs > 0) {
        if (cache.size > 10_000) cache.clear();
        cache.set(id, { entry, until: now + options.cacheMs });
      }
      return entry;
    },
    forget: () => cache.clear(),
  };
}
