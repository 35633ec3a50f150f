import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateWithPg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWithPglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { createTestDatabase } from '@pressroom/testing';
import { listAbandonedRenders, listUnpublishedRenders, migrationsFolder, openDatabase, sqlRows, type Db } from './index.js';
import { migratePglite } from './migrate.js';
import type { Engine } from './test-support/engines.js';

interface Journal {
  entries: { tag: string }[];
}

/**
 * Migrate `db` as a database of an earlier release was: every committed migration before `tag`
 * (a copy of the folder whose journal stops there), so a test can leave rows in the old shape.
 */
async function migrateBefore(db: Db, tag: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'pressroom-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    if (at < 0) throw new Error(`no migration ${tag}`);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    if (db.kind === 'postgres') await migrateWithPg(db.orm as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migrateWithPglite(db.orm as unknown as PgliteDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A database of the release before `tag`, then (`upgrade`) migrated the way openDatabase does it. */
function useOldDatabase(engine: Engine, tag: string) {
  let db: Db;
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') {
      ({ url, drop } = await createTestDatabase());
      db = await openDatabase({ url, migrate: false });
    } else {
      db = await openDatabase({ migrate: false });
    }
    await migrateBefore(db, tag);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });
  return {
    db: () => db,
    async upgrade() {
      if (url) {
        await db.close();
        db = await openDatabase({ url });
      } else {
        await migratePglite(db.orm as unknown as PgliteDatabase<Record<string, unknown>>);
      }
    },
  };
}

describe.each<Engine>(['postgres', 'pglite'])('data migrations on %s', (engine) => {
  describe('0016_render_via', () => {
    const old = useOldDatabase(engine, '0016_render_via');

    it('moves how a GET /r/ render was asked for from origin to via; origin becomes template', async () => {
      const rows: [string, string][] = [
        ['ren_key', 'url-render'],
        ['ren_signed', 'signed-url'],
        ['ren_template', 'template'],
        ['ren_html', 'html'],
        ['ren_binding', 'binding'],
      ];
      for (const [id, origin] of rows) {
        await sqlRows(
          old.db(),
          sql`INSERT INTO renders (id, owner_id, account_id, kind, origin, template_id, format, width, height)
              VALUES (${id}, 'acc_old', 'acc_old', 'image', ${origin}, 'tpl_old', 'png', 10, 10)`,
        );
      }

      await old.upgrade();

      const after = await sqlRows<{ id: string; origin: string; via: string | null }>(
        old.db(),
        sql`SELECT id, origin, via FROM renders WHERE owner_id = 'acc_old' ORDER BY id`,
      );
      expect(after).toEqual([
        { id: 'ren_binding', origin: 'binding', via: null },
        { id: 'ren_html', origin: 'html', via: null },
        { id: 'ren_key', origin: 'template', via: 'url-render' },
        { id: 'ren_signed', origin: 'template', via: 'signed-url' },
        { id: 'ren_template', origin: 'template', via: null },
      ]);
    });
  });

  describe('0017_render_attempts_and_publish', () => {
    const old = useOldDatabase(engine, '0017_render_attempts_and_publish');

    it('keeps the renders of the release before out of both sweeps: published, never claimed by a last delivery', async () => {
      for (const [id, state] of [
        ['ren_queued', 'queued'],
        ['ren_rendering', 'rendering'],
      ]) {
        await sqlRows(
          old.db(),
          sql`INSERT INTO renders (id, owner_id, account_id, kind, origin, state, format, width, height, created_at)
              VALUES (${id}, 'acc_0017', 'acc_0017', 'image', 'html', ${state}, 'png', 10, 10, now() - interval '1 hour')`,
        );
      }

      await old.upgrade();

      const after = await sqlRows<{ id: string; attempts: number; maxAttempts: number | null; published: boolean }>(
        old.db(),
        sql`SELECT id, attempts, max_attempts AS "maxAttempts", published_at IS NOT NULL AS published
            FROM renders WHERE owner_id = 'acc_0017' ORDER BY id`,
      );
      expect(after).toEqual([
        { id: 'ren_queued', attempts: 0, maxAttempts: null, published: true },
        { id: 'ren_rendering', attempts: 0, maxAttempts: null, published: true },
      ]);
      expect(await listUnpublishedRenders(old.db(), { createdBefore: new Date(), limit: 100 })).toEqual([]);
      expect(await listAbandonedRenders(old.db(), { limit: 100 })).toEqual([]);
    });
  });

  describe('0020_webhook_delivery_attempts_and_redeliveries', () => {
    const old = useOldDatabase(engine, '0020_webhook_delivery_attempts_and_redeliveries');

    it("gives earlier deliveries the attempt times known exactly (finished, or their subscription's last delivery); the rest stay null", async () => {
      const finished = '2026-11-30 10:00:00+00';
      await sqlRows(
        old.db(),
        sql`INSERT INTO webhook_subscriptions (uid, owner_id, account_id, event, target_url, secret_ciphertext, last_delivery)
            VALUES ('whk_0020', 'acc_0020', 'acc_0020', 'render.completed', 'https://hooks.example/in', 'sealed',
                    ${JSON.stringify({ deliveryId: 'whd_retrying', timestamp: '2026-11-30T11:00:00.000Z' })}::jsonb)`,
      );
      const rows: [id: string, state: string, attempt: number, finishedAt: string | null][] = [
        ['whd_delivered', 'delivered', 1, finished],
        ['whd_failed', 'failed', 2, finished],
        ['whd_retrying', 'pending', 1, null],
        ['whd_older_retry', 'pending', 1, null],
        ['whd_untried', 'pending', 0, null],
        ['whd_cancelled', 'cancelled', 0, finished],
      ];
      for (const [id, state, attempt, finishedAt] of rows) {
        await sqlRows(
          old.db(),
          sql`INSERT INTO webhook_deliveries (id, subscription_uid, owner_id, event, dedupe_key, payload, state, attempt, next_attempt_at, finished_at)
              VALUES (${id}, 'whk_0020', 'acc_0020', 'render.completed', ${id}, '{}', ${state}, ${attempt}, now(), ${finishedAt}::timestamptz)`,
        );
      }

      await old.upgrade();

      const after = await sqlRows<{ id: string; lastAttemptAt: string | null; redeliveryOf: string | null }>(
        old.db(),
        sql`SELECT id, to_char(last_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "lastAttemptAt", redelivery_of AS "redeliveryOf"
            FROM webhook_deliveries WHERE owner_id = 'acc_0020' ORDER BY id`,
      );
      expect(after).toEqual([
        { id: 'whd_cancelled', lastAttemptAt: null, redeliveryOf: null },
        { id: 'whd_delivered', lastAttemptAt: '2026-11-30 10:00', redeliveryOf: null },
        { id: 'whd_failed', lastAttemptAt: '2026-11-30 10:00', redeliveryOf: null },
        { id: 'whd_older_retry', lastAttemptAt: null, redeliveryOf: null },
        { id: 'whd_retrying', lastAttemptAt: '2026-11-30 11:00', redeliveryOf: null },
        { id: 'whd_untried', lastAttemptAt: null, redeliveryOf: null },
      ]);
    });
  });
});
