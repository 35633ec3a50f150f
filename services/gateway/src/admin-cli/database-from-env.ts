import { z } from 'zod';
import { commonEnv, parseEnv } from '@pressroom/config';
import { openDatabase, type Db } from '@pressroom/db';

const env = z.object({ DATABASE_URL: commonEnv.DATABASE_URL, PRESSROOM_DATA_DIR: commonEnv.PRESSROOM_DATA_DIR });

/** The same choice the gateway makes at boot: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function databaseOptionsFromEnv(source: NodeJS.ProcessEnv = process.env): { url?: string; dataDir?: string } {
  const parsed = parseEnv('admin-cli', env, source);
  return parsed.DATABASE_URL ? { url: parsed.DATABASE_URL } : { dataDir: `${parsed.PRESSROOM_DATA_DIR}/pglite` };
}

export function openDatabaseFromEnv(source: NodeJS.ProcessEnv = process.env): Promise<Db> {
  // Small pool: the CLI runs one statement at a time.
  return openDatabase({ ...databaseOptionsFromEnv(source), poolSize: 2 });
}
