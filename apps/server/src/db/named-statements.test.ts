import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../test/app.ts';
import { type Database, executeNamed, inTransaction } from './client.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

describe('a named statement (ADR 176)', () => {
  it('answers with its rows each time, with new parameters', async () => {
    for (const n of [1, 2, 3]) {
      const rows = await executeNamed<{ twice: number }>(database.db, 'test-twice', sql`SELECT ${n}::int * 2 AS twice`);
      expect(rows).toEqual([{ twice: n * 2 }]);
    }
  });

  it('is prepared once on the PostgreSQL connection that ran it', async () => {
    if (database.sql.kind !== 'postgres') return expect(database.sql.kind).toBe('pglite');
    // a transaction keeps to one connection, whose prepared statements PostgreSQL lists
    await inTransaction(database.db, async (tx) => {
      const before = await executeNamed(tx, 'test-list', sql`SELECT name FROM pg_prepared_statements WHERE name = 'test-prepared'`);
      expect(before).toEqual([]);
      await executeNamed(tx, 'test-prepared', sql`SELECT ${1}::int AS one`);
      expect(await executeNamed(tx, 'test-prepared', sql`SELECT ${2}::int AS one`)).toEqual([{ one: 2 }]);
      const after = await executeNamed(tx, 'test-list', sql`SELECT name FROM pg_prepared_statements WHERE name = 'test-prepared'`);
      expect(after).toEqual([{ name: 'test-prepared' }]);
    });
  });
});

describe('the quotes table', () => {
  it('keeps no index on a column a revised quote rewrites, so a revision stays on its page', async () => {
    const indexes = await database.sql.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'quotes'`);
    expect(indexes.rows.length).toBeGreaterThan(0);
    for (const { indexdef } of indexes.rows) {
      for (const column of ['amount_paisa', 'placed_at', 'user_code', 'updated_at', 'revisions']) expect(indexdef).not.toContain(column);
    }
    const options = await database.sql.query<{ reloptions: string[] }>(`SELECT reloptions FROM pg_class WHERE relname = 'quotes'`);
    expect(options.rows[0]?.reloptions).toContain('fillfactor=50');
  });
});
