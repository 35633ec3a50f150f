import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { createAccount } from './accounts.js';
import {
  activeUrlSigningSecret,
  findUrlSigningSecret,
  replaceUrlSigningSecret,
  revokeUrlSigningSecret,
  takeSignedRender,
} from './url-signing-secrets.js';

describe.each(ENGINES)('URL-signing secrets (%s)', (engine) => {
  const db = useDatabase(engine);

  it('keeps one active secret per account: a rotation revokes the old one', async () => {
    const account = await createAccount(db(), { name: unique('uss') });
    const base = { accountId: account.id, ownerId: account.ownerId, secretCiphertext: 'sealed', maxRenders: null };
    const first = await replaceUrlSigningSecret(db(), base);
    expect(first.replaced).toBeNull();
    const second = await replaceUrlSigningSecret(db(), base);
    expect(second.replaced).toBe(first.row.id);
    expect(await findUrlSigningSecret(db(), first.row.id)).toBeNull();
    expect((await activeUrlSigningSecret(db(), account.id))?.id).toBe(second.row.id);
    expect(await revokeUrlSigningSecret(db(), account.id)).toBe(true);
    expect(await revokeUrlSigningSecret(db(), account.id)).toBe(false);
    expect(await activeUrlSigningSecret(db(), account.id)).toBeNull();
  });

  it('counts renders up to the cap, atomically, and none for a revoked secret', async () => {
    const account = await createAccount(db(), { name: unique('uss-cap') });
    const { row } = await replaceUrlSigningSecret(db(), {
      accountId: account.id,
      ownerId: account.ownerId,
      secretCiphertext: 'sealed',
      maxRenders: 2,
    });
    const taken = await Promise.all([1, 2, 3, 4].map(() => takeSignedRender(db(), row.id)));
    expect(taken.filter(Boolean)).toHaveLength(2);
    expect((await findUrlSigningSecret(db(), row.id))?.rendersUsed).toBe(2);
    const open = await replaceUrlSigningSecret(db(), { ...row, maxRenders: null });
    expect(await takeSignedRender(db(), open.row.id)).toBe(true);
    expect(await takeSignedRender(db(), row.id)).toBe(false);
  });
});
