import { createAccount, createSecretBox, openDatabase, replaceUrlSigningSecret, revokeUrlSigningSecret, type Db } from '@pressroom/db';
import { signingSecretCache } from './signing-secrets.js';

describe('signingSecretCache', () => {
  let db: Db;
  const box = createSecretBox('a server key of sixteen+ chars');

  beforeAll(async () => {
    db = await openDatabase({});
  });
  afterAll(() => db.close());

  it('opens a secret once, then verifies from memory without reading the database', async () => {
    const account = await createAccount(db, { name: `cache-${Date.now()}` });
    const { row } = await replaceUrlSigningSecret(db, {
      accountId: account.id,
      ownerId: account.ownerId,
      secretCiphertext: box.seal('urlsec_plain'),
      maxRenders: null,
    });
    const cache = signingSecretCache({ db, secretBox: box, cacheMs: 60_000 });
    const first = await cache.lookup(row.id);
    expect(first).toMatchObject({ id: row.id, secret: 'urlsec_plain', auth: { ownerId: account.ownerId, keyId: null } });
    expect(await cache.lookup('uss_unknown')).toBeNull();

    // Revoked in the database behind the cache's back (another replica): still served until the TTL...
    await revokeUrlSigningSecret(db, account.id);
    expect(await cache.lookup(row.id)).toBe(first);
    // ...and gone at once once this replica forgets (a rotation through it).
    cache.forget();
    expect(await cache.lookup(row.id)).toBeNull();
  });
});
