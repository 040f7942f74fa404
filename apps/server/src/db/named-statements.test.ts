import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../test/app.ts';
import { type Database, executePrepared, executeWrite, inTransaction, type NamedWrite, withValues } from './client.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

describe('a named statement (ADRs 176, 188)', () => {
  it('answers with its rows each time, with new values, its text written once', async () => {
    let built = 0;
    const build = () => {
      built++;
      return sql`SELECT ${sql.placeholder('n')}::int * 2 AS twice`;
    };
    for (const n of [1, 2, 3]) {
      const rows = await executePrepared<{ twice: number }>(database.db, 'test-twice', build, { n });
      expect(rows).toEqual([{ twice: n * 2 }]);
    }
    expect(built).toBe(1);
  });

  it('serves one transaction after another, each on the connection it holds', async () => {
    const build = () => sql`SELECT ${sql.placeholder('n')}::int + 1 AS next`;
    const answers = await Promise.all(
      [10, 20, 30, 40].map((n) => inTransaction(database.db, (tx) => executePrepared<{ next: number }>(tx, 'test-next', build, { n }))),
    );
    expect(answers).toEqual([[{ next: 11 }], [{ next: 21 }], [{ next: 31 }], [{ next: 41 }]]);
  });

  it('is prepared once on the PostgreSQL connection that ran it', async () => {
    if (database.sql.kind !== 'postgres') return expect(database.sql.kind).toBe('pglite');
    const listed = () => sql`SELECT name FROM pg_prepared_statements WHERE name = 'test-prepared'`;
    const one = () => sql`SELECT ${sql.placeholder('n')}::int AS one`;
    // a transaction keeps to one connection, whose prepared statements PostgreSQL lists
    await inTransaction(database.db, async (tx) => {
      expect(await executePrepared(tx, 'test-list', listed, {})).toEqual([]);
      await executePrepared(tx, 'test-prepared', one, { n: 1 });
      expect(await executePrepared(tx, 'test-prepared', one, { n: 2 })).toEqual([{ one: 2 }]);
      expect(await executePrepared(tx, 'test-list', listed, {})).toEqual([{ name: 'test-prepared' }]);
    });
  });
});

describe('a named write (ADRs 177, 188)', () => {
  it('runs with its values in its slots, and reads the same with them in place', async () => {
    await database.sql.query('CREATE TABLE IF NOT EXISTS test_named_writes (k text PRIMARY KEY, v int)');
    const write = (rows: Array<[string, number]>): NamedWrite => ({
      name: 'test-named-write',
      text: (at) => sql`INSERT INTO test_named_writes (k, v) SELECT * FROM unnest(${at('ks')}::text[], ${at('vs')}::int[])`,
      values: { ks: rows.map((r) => r[0]), vs: rows.map((r) => r[1]) },
    });
    await executeWrite(database.db, write([['a', 1]]));
    await executeWrite(
      database.db,
      write([
        ['b', 2],
        ['c', 3],
      ]),
    );
    await database.db.execute(withValues(write([['d', 4]])));
    const rows = await database.sql.query<{ k: string; v: number }>('SELECT k, v FROM test_named_writes ORDER BY k');
    expect(rows.rows).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
      { k: 'c', v: 3 },
      { k: 'd', v: 4 },
    ]);
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
