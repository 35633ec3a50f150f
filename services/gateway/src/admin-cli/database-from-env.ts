import { z } from 'zod';
import { commonEnv, databaseEnv, parseEnv } from '@pressroom/config';
import { openDatabase, type Db, type MigrateMode } from '@pressroom/db';

const env = z.object({ ...databaseEnv, PRESSROOM_DATA_DIR: commonEnv.PRESSROOM_DATA_DIR });

/**
 * The same choice the gateway makes at boot: PostgreSQL when DATABASE_URL is set, else PGlite on disk; and
 * whether opening it applies migrations (PRESSROOM_MIGRATE: with off, a database behind this release is refused).
 */
export function databaseOptionsFromEnv(source: NodeJS.ProcessEnv = process.env): { url?: string; dataDir?: string; migrate: MigrateMode } {
  const parsed = parseEnv('admin-cli', env, source);
  const where = parsed.DATABASE_URL ? { url: parsed.DATABASE_URL } : { dataDir: `${parsed.PRESSROOM_DATA_DIR}/pglite` };
  return { ...where, migrate: parsed.PRESSROOM_MIGRATE };
}

export function openDatabaseFromEnv(source: NodeJS.ProcessEnv = process.env): Promise<Db> {
  // Small pool: the CLI runs one statement at a time.
  return openDatabase({ ...databaseOptionsFromEnv(source), poolSize: 2 });
}
