import { once } from 'node:events';
import type { Response } from 'express';
import { AUDIT_CSV_HEADER, auditCsvLine, csvLine } from '@pressroom/contracts';
import { auditEventPages, type AuditFilter, type Db } from '@pressroom/db';

/** Events read from the database at a time: the export holds one page in memory, however long the log. */
const PAGE_SIZE = 500;

/**
 * The whole audit log (or the events `filter` keeps) as a CSV download (GET /account/audit-log?format=csv, docs/audit-log.md), streamed page by
 * page from the database and waiting for the client to take each before reading the next.
 */
export async function sendAuditLogCsv(
  db: Db,
  ownerId: string,
  res: Response,
  { filter, now = new Date() }: { filter?: AuditFilter; now?: Date } = {},
): Promise<void> {
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="audit-log-${now.toISOString().slice(0, 10)}.csv"`,
    'Cache-Control': 'no-store',
  });
  try {
    await write(res, csvLine(AUDIT_CSV_HEADER));
    for await (const page of auditEventPages(db, { ownerId, pageSize: PAGE_SIZE, filter })) {
      if (res.destroyed) return;
      await write(res, page.map((e) => auditCsvLine({ ...e, id: String(e.id), at: e.at.toISOString() })).join(''));
    }
    res.end();
  } catch (error) {
    // Once the first line is sent the status is 200: a file cut short must not look whole, so the connection is
    // dropped without the final chunk and the client sees an incomplete download.
    res.destroy();
    throw error;
  }
}

async function write(res: Response, text: string): Promise<void> {
  if (res.write(text)) return;
  // The client is slower than the database: wait until it has taken this, or has gone.
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
}
