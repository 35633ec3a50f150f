import type { CustomBucketPublicFields, CustomBucketSettings } from '@pressroom/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from './open.js';
import { customStorages } from './schema.js';
import type { SecretBox } from './secret-box.js';

/** An owner's bucket settings with the secret opened: only for the code that writes there. */
export type CustomStorageSettings = CustomBucketSettings & { ownerId: string };

/** What the API shows: never the secret. */
export type CustomStorageView = CustomBucketPublicFields & {
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

type Row = typeof customStorages.$inferSelect;

function viewOf(row: Row): CustomStorageView {
  const { ownerId: _owner, secretCiphertext: _sealed, ...view } = row;
  return view;
}

/** Create or replace the owner's settings; the secret is sealed before it reaches the database. */
export async function saveCustomStorage(db: Db, secretBox: SecretBox, settings: CustomStorageSettings): Promise<CustomStorageView> {
  const { secretAccessKey, ...rest } = settings;
  const values = { ...rest, secretCiphertext: secretBox.seal(secretAccessKey), lastError: null, lastErrorAt: null, updatedAt: new Date() };
  const [row] = await db.orm
    .insert(customStorages)
    .values(values)
    .onConflictDoUpdate({ target: customStorages.ownerId, set: values })
    .returning();
  return viewOf(row!);
}

export async function getCustomStorageView(db: Db, ownerId: string): Promise<CustomStorageView | null> {
  const [row] = await db.orm.select().from(customStorages).where(eq(customStorages.ownerId, ownerId)).limit(1);
  return row ? viewOf(row) : null;
}

/** The settings with the secret opened, or null when the owner has none. */
export async function getCustomStorageSettings(db: Db, secretBox: SecretBox, ownerId: string): Promise<CustomStorageSettings | null> {
  return (await getCustomStorageForCopies(db, secretBox, ownerId))?.settings ?? null;
}

/**
 * What a renderer copying to the owner's bucket needs, in one read: the settings with the secret
 * opened, and the outcome last recorded (so an unchanged success is not written again).
 */
export async function getCustomStorageForCopies(
  db: Db,
  secretBox: SecretBox,
  ownerId: string,
): Promise<{ settings: CustomStorageSettings; lastError: string | null } | null> {
  const [row] = await db.orm.select().from(customStorages).where(eq(customStorages.ownerId, ownerId)).limit(1);
  if (!row) return null;
  const { secretCiphertext, lastError, lastErrorAt: _at, createdAt: _c, updatedAt: _u, ...settings } = row;
  return { settings: { ...settings, secretAccessKey: secretBox.open(secretCiphertext) }, lastError };
}

/** true when there was something to delete. */
export async function deleteCustomStorage(db: Db, ownerId: string): Promise<boolean> {
  const rows = await db.orm
    .delete(customStorages)
    .where(eq(customStorages.ownerId, ownerId))
    .returning({ ownerId: customStorages.ownerId });
  return rows.length > 0;
}

/** The outcome of the latest copy: an error is kept for the settings page, a success clears it. */
export async function recordCustomStorageOutcome(db: Db, input: { ownerId: string; error: string | null; at: Date }): Promise<void> {
  await db.orm
    .update(customStorages)
    .set({ lastError: input.error, lastErrorAt: input.error ? input.at : null })
    .where(eq(customStorages.ownerId, input.ownerId));
}
