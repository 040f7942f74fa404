import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CHANNEL, KEPT_READS, keptRead, type Operation } from '../src/lib/kept-reads.ts';
import { repoRoot } from '../src/lib/paths.ts';
import { createTestApp, type TestApp } from './app.ts';

interface Announcer {
  table: string;
  trigger: string;
  /** the columns of `UPDATE OF …`; empty: an update of any column fires it */
  columns: string[];
  on: Operation[];
  prefixes: string[];
}

let t: TestApp;
let announcers: Announcer[];

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.database.sql.query<{ table: string; trigger: string; source: string; columns: string[]; type: number }>(
    `SELECT c.relname AS "table", tg.tgname AS "trigger", p.prosrc AS "source", tg.tgtype::int AS "type",
            COALESCE((SELECT array_agg(a.attname::text ORDER BY a.attname)
                        FROM unnest(tg.tgattr::int2[]) AS k(n)
                        JOIN pg_attribute a ON a.attrelid = tg.tgrelid AND a.attnum = k.n), '{}') AS "columns"
       FROM pg_trigger tg
       JOIN pg_class c ON c.oid = tg.tgrelid
       JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE NOT tg.tgisinternal AND p.prosrc LIKE $1`,
    [`%${CHANGE_CHANNEL}%`],
  );
  announcers = rows.map((r) => ({
    table: r.table,
    trigger: r.trigger,
    columns: r.columns,
    on: (
      [
        [4, 'INSERT'],
        [8, 'DELETE'],
        [16, 'UPDATE'],
      ] as const
    )
      .filter(([bit]) => (r.type & bit) !== 0)
      .map(([, op]) => op),
    prefixes: [...r.source.matchAll(new RegExp(`pg_notify\\('${CHANGE_CHANNEL}',\\s*'([^']*)'`, 'g'))].map((m) => m[1] as string),
  }));
});
afterAll(async () => t.close());

const sources = KEPT_READS.flatMap((read) => read.staleWhen.map((source) => ({ read: read.name, ...source })));

describe('kept reads are declared once, with their announcements (issue 44)', () => {
  it('finds the announcing triggers at all', () => {
    expect(announcers.length).toBeGreaterThan(5);
  });

  it.each(sources.map((s) => [`${s.read} ← ${s.table} (${s.announces})`, s] as const))(
    'every declared source is announced: %s',
    (_name, source) => {
      const fitting = announcers.filter((a) => a.table === source.table && a.prefixes.includes(source.announces));
      expect(fitting, `no trigger on ${source.table} announces '${source.announces}'`).not.toEqual([]);
      for (const op of source.on) {
        const covering = fitting.filter(
          (a) =>
            a.on.includes(op) &&
            (op !== 'UPDATE' || a.columns.length === 0 || (source.columns !== '*' && source.columns.every((c) => a.columns.includes(c)))),
        );
        expect(covering, `${op} on ${source.table} (${source.columns}) is not announced as '${source.announces}'`).not.toEqual([]);
      }
    },
  );

  it('every announcement is expected by a declared read', () => {
    const unexpected = announcers.flatMap((a) =>
      a.prefixes
        .filter((prefix) => !sources.some((s) => s.table === a.table && s.announces === prefix))
        .map((prefix) => `${a.trigger} on ${a.table} announces '${prefix}', which no kept read declares`),
    );
    expect(unexpected).toEqual([]);
  });

  it('every read name the code keeps is declared, and every declared read is kept somewhere', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
      });
    const used = new Map<string, string>();
    for (const file of files(join(repoRoot, 'apps/server/src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\breads\??\.read\(\s*[^,]+,\s*[`'"]([a-z.-]+)/g)) used.set(m[1] as string, relative(repoRoot, file));
    }
    const undeclared = [...used].filter(([name]) => !keptRead(name)).map(([name, file]) => `${file}: '${name}'`);
    expect(undeclared).toEqual([]);
    const unused = KEPT_READS.filter((r) => r.store === 'tenant-reads' && !used.has(r.name)).map((r) => r.name);
    expect(unused).toEqual([]);
  });

  it('each read names its test across two processes, and that test exists', () => {
    for (const read of KEPT_READS) {
      const path = join(repoRoot, read.twoProcessTest);
      expect(existsSync(path), read.twoProcessTest).toBe(true);
      expect(readFileSync(path, 'utf8'), `${read.twoProcessTest} runs two instances`).toMatch(/second|twoInstances/);
      expect(
        existsSync(join(repoRoot, 'docs/decisions')) &&
          readdirSync(join(repoRoot, 'docs/decisions')).some((f) => f.startsWith(read.decision)),
      ).toBe(true);
    }
  });
});
