import {
  createSecretBox,
  deleteCustomStorage,
  getCustomStorageSettings,
  getCustomStorageView,
  recordCustomStorageOutcome,
  saveCustomStorage,
  tables,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

const box = createSecretBox('custom-storage-test-key-0123456789');

const settings = (ownerId: string, secret = 'the-secret-access-key') => ({
  ownerId,
  endpoint: 'https://s3.example.com',
  region: 'eu-west-1',
  bucket: 'acme',
  forcePathStyle: true,
  prefix: 'pressroom/',
  publicBaseUrl: null,
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: secret,
});

describe.each(ENGINES)('custom storage settings (%s)', (engine) => {
  const db = useDatabase(engine);

  it('seals the secret at rest, opens it for the copier, and never puts it in the view', async () => {
    const owner = unique('acct');
    const view = await saveCustomStorage(db(), box, settings(owner));
    expect(view).toMatchObject({ bucket: 'acme', accessKeyId: 'AKIAEXAMPLE', lastError: null });
    expect(JSON.stringify(view)).not.toContain('the-secret-access-key');
    const rows = await db().orm.select().from(tables.customStorages);
    const row = rows.find((r) => r.ownerId === owner)!;
    expect(row.secretCiphertext).not.toContain('the-secret-access-key');
    expect((await getCustomStorageSettings(db(), box, owner))?.secretAccessKey).toBe('the-secret-access-key');
    await expect(getCustomStorageSettings(db(), box, unique('nobody'))).resolves.toBeNull();
  });

  it('replaces the settings on a second save and clears the last error', async () => {
    const owner = unique('acct');
    await saveCustomStorage(db(), box, settings(owner));
    await recordCustomStorageOutcome(db(), { ownerId: owner, error: 'copy failed: boom', at: new Date() });
    expect((await getCustomStorageView(db(), owner))?.lastError).toBe('copy failed: boom');
    await saveCustomStorage(db(), box, { ...settings(owner, 'second-secret'), bucket: 'other' });
    const view = await getCustomStorageView(db(), owner);
    expect(view).toMatchObject({ bucket: 'other', lastError: null, lastErrorAt: null });
    expect((await getCustomStorageSettings(db(), box, owner))?.secretAccessKey).toBe('second-secret');
    await recordCustomStorageOutcome(db(), { ownerId: owner, error: null, at: new Date() });
    expect((await getCustomStorageView(db(), owner))?.lastError).toBeNull();
  });

  it('deletes, and says when there was nothing to delete', async () => {
    const owner = unique('acct');
    await saveCustomStorage(db(), box, settings(owner));
    await expect(deleteCustomStorage(db(), owner)).resolves.toBe(true);
    await expect(getCustomStorageView(db(), owner)).resolves.toBeNull();
    await expect(deleteCustomStorage(db(), owner)).resolves.toBe(false);
  });
});
