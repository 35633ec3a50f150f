/**
 * One SQL statement of the render path, written once as text with `$n` parameters and run
 * without drizzle's query builder (see `Db.rows`). Every render runs three of these; building
 * them through drizzle each time (the builder, its SQL chunks, its result mapping and spans)
 * cost about as much CPU as PGlite running them (issue 18, docs/adr/0052-render-path-statements.md).
 * Keep this for the hot few: everything else stays with drizzle, which knows the schema's types.
 */
export interface Statement {
  readonly text: string;
}

export function statement(text: string): Statement {
  return Object.freeze({ text });
}
