import { migrateDatabase } from '@pressroom/db';
import { CliError } from './cli-error.js';
import { databaseOptionsFromEnv } from './database-from-env.js';

/**
 * `migrate`: the one-shot schema migration (`make migrate`; docs/operations.md#database-migrations), whatever
 * PRESSROOM_MIGRATE says: what a deploy runs once, as a user with DDL rights, before services started with
 * PRESSROOM_MIGRATE=off. Prints each migration it applied, then that the schema is up to date.
 */
export async function runMigrate(args: string[]): Promise<number> {
  if (args.length > 0) throw new CliError(`migrate takes no arguments (got ${args.join(' ')})`);
  const { migrate: _mode, ...where } = databaseOptionsFromEnv();
  const applied = await migrateDatabase(where);
  for (const tag of applied) console.log(`applied ${tag}`);
  console.log(`database schema up to date (${applied.length === 0 ? 'nothing to apply' : `${applied.length} applied`})`);
  return 0;
}
