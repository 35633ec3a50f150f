import { desc, eq, sql } from 'drizzle-orm';
import { keyUsedColumns, keyUsedView, type KeyUsedView } from './key-used.js';
import type { Db } from './open.js';
import { apiKeys, refusedRequests, type RefusedFieldErrorRecord } from './schema.js';

export type { RefusedFieldErrorRecord };

/**
 * How many refusals a workspace keeps. The log answers "why was my last call refused?", not an audit trail:
 * the newest 200 cover a debugging session, and a fixed count keeps the table small however hard a
 * misconfigured client hammers the API (a time limit would not: 200 refusals a minute would pile up).
 */
export const REFUSED_REQUESTS_KEPT = 200;

/** Longer texts are cut: a refusal's detail can quote what was sent (a URL, a value). */
const MAX_TEXT = 2000;
const MAX_FIELD_ERRORS = 50;

export interface NewRefusedRequest {
  ownerId: string;
  accountId: string;
  at?: Date;
  method: string;
  /** Without the query string. */
  path: string;
  status: number;
  slug: string;
  title: string;
  detail: string;
  errors?: readonly RefusedFieldErrorRecord[] | undefined;
  /** The API key used; null for the dashboard session. */
  keyId: string | null;
}

/** A refusal as listed: the key it came with by name and masked, or null for the dashboard session. */
export interface RefusedRequestView {
  id: number;
  at: Date;
  method: string;
  path: string;
  status: number;
  slug: string;
  title: string;
  detail: string;
  errors: RefusedFieldErrorRecord[];
  key: KeyUsedView | null;
}

const cut = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Keep one refusal and drop the owner's refusals older than the newest `REFUSED_REQUESTS_KEPT`, so the log
 * stays bounded without a sweeper. One statement: the insert is a data-modifying CTE, and the trim beside it
 * sees the table as it was before the insert (one snapshot), so it keeps the newest `KEPT - 1` older rows and
 * the new row makes `KEPT`. No transaction: two concurrent refusals may each trim, and the count settles at the
 * cap on the next one.
 */
export async function recordRefusedRequest(db: Db, input: NewRefusedRequest): Promise<void> {
  const errors = input.errors?.slice(0, MAX_FIELD_ERRORS).map((e) => ({
    field: cut(e.field, 200),
    message: cut(e.message, 500),
    ...(e.code !== undefined ? { code: e.code } : {}),
  }));
  const errorsJson = errors && errors.length > 0 ? JSON.stringify(errors) : null;
  const t = refusedRequests;
  await db.orm.execute(sql`
    WITH inserted AS (
      INSERT INTO ${t} (owner_id, account_id, at, method, path, status, slug, title, detail, errors, key_id)
      VALUES (${input.ownerId}, ${input.accountId}, ${input.at ? input.at.toISOString() : sql`now()`}, ${input.method},
        ${cut(input.path, 500)}, ${input.status}, ${input.slug}, ${cut(input.title, 200)}, ${cut(input.detail)},
        ${errorsJson}::jsonb, ${input.keyId})
      RETURNING id
    )
    DELETE FROM ${t} WHERE ${t.ownerId} = ${input.ownerId} AND ${t.id} < (
      SELECT ${t.id} FROM ${t} WHERE ${t.ownerId} = ${input.ownerId}
      ORDER BY ${t.id} DESC OFFSET ${REFUSED_REQUESTS_KEPT - 2} LIMIT 1
    )`);
}

/** The owner's refusals, newest first. */
export async function listRefusedRequests(db: Db, query: { ownerId: string; limit: number }): Promise<RefusedRequestView[]> {
  const rows = await db.orm
    .select({
      row: refusedRequests,
      ...keyUsedColumns,
    })
    .from(refusedRequests)
    .leftJoin(apiKeys, eq(apiKeys.id, refusedRequests.keyId))
    .where(eq(refusedRequests.ownerId, query.ownerId))
    .orderBy(desc(refusedRequests.id))
    .limit(Math.min(query.limit, REFUSED_REQUESTS_KEPT));
  return rows.map(({ row, ...joined }) => ({
    id: row.id,
    at: row.at,
    method: row.method,
    path: row.path,
    status: row.status,
    slug: row.slug,
    title: row.title,
    detail: row.detail,
    errors: row.errors ?? [],
    key: keyUsedView(row.keyId, joined),
  }));
}
