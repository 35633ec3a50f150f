import { createTestDatabase } from '@pressroom/testing';
import { openDatabase, type Db } from '../index.js';

export type Engine = 'postgres' | 'pglite';
export const ENGINES: Engine[] = ['postgres', 'pglite'];

/**
 * One migrated database per suite: a fresh PostgreSQL database (dropped afterwards)
 * or one in-memory PGlite. Tests isolate themselves with unique names, not resets.
 */
export function useDatabase(engine: Engine): () => Db {
  let db: Db | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') {
      const testDb = await createTestDatabase();
      drop = testDb.drop;
      db = await openDatabase({ url: testDb.url });
    } else {
      db = await openDatabase({});
    }
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });
  return () => {
    if (!db) throw new Error('database not open yet');
    return db;
  };
}

let counter = 0;
/** A name no other test in the suite uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
