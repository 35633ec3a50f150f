import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * An ILIKE pattern matching any text that contains `text` as typed: `%`, `_` and the escape character itself are
 * LIKE's wildcards, so each is escaped with `\` (LIKE's default escape on PostgreSQL and PGlite alike).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `text`, in any case, every character of it taken as itself. */
export function containsIgnoringCase(column: SQLWrapper, text: string): SQL {
  return sql`${column} ILIKE ${containsPattern(text)}`;
}
