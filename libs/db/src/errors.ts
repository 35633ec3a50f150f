/** A unique value (account name, team name, key) is already taken. */
export class DuplicateError extends Error {
  constructor(
    readonly entity: string,
    readonly value: string,
    message = `${entity} "${value}" already exists`,
  ) {
    super(message);
    this.name = 'DuplicateError';
  }
}

/** A referenced row (account, team, key) does not exist. */
export class NotFoundError extends Error {
  constructor(
    readonly entity: string,
    readonly value: string,
    message = `${entity} "${value}" not found`,
  ) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/**
 * The PGlite data directory is held by another process (or another handle in this one).
 * PGlite itself does not lock: two writers on one directory corrupt it.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `the embedded database at ${dataDir} is in use by process ${holderPid}; ` +
        'stop that process (e.g. the embedded server) or point DATABASE_URL at PostgreSQL',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The SQLSTATE of a database error, looking through drizzle's DrizzleQueryError wrapper.
 * Works for node-postgres and PGlite errors alike (both carry `code`).
 */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
