import { z } from 'zod';

/**
 * A PostgreSQL connection string, checked at boot so a typo is a config error naming the variable
 * (it was `getaddrinfo ENOTFOUND base` from deep inside the pool). The message never repeats the
 * value: it holds the database password.
 */
const postgresUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database (the value is not a URL)',
    });
    return;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    ctx.addIssue({
      code: 'custom',
      message: `must be a PostgreSQL URL such as postgres://user:password@host:5432/database (its scheme is ${JSON.stringify(url.protocol.replace(/:$/, ''))}, not postgres or postgresql)`,
    });
    return;
  }
  // A Unix socket is given as ?host=/run/postgresql (or an encoded path as the host).
  if (!url.hostname && !url.searchParams.get('host')) {
    ctx.addIssue({ code: 'custom', message: 'must name the database server: postgres://user:password@host:5432/database (no host in it)' });
  }
});

/** Where the relational data lives, and who changes its schema (docs/operations.md#database-migrations). */
export const databaseEnv = {
  /** Set → PostgreSQL; unset → PGlite under PRESSROOM_DATA_DIR. */
  DATABASE_URL: postgresUrl.optional(),
  /**
   * auto: every process applies pending migrations at start (under an advisory lock), so its
   * database user needs DDL rights. off: none does; each checks the schema version and refuses to
   * start while migrations are pending, and `make migrate` (the admin CLI's `migrate`) applies them once.
   */
  PRESSROOM_MIGRATE: z.enum(['auto', 'off']).default('auto'),
};
