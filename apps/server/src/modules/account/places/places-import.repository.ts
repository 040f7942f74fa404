import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** One gazetteer row as the postal import writes it (ADR 113). */
export interface GazetteerRow {
  id: string;
  name: string;
  city: string;
  state: string;
  pin: string | null;
  address: string;
  type: 'CITY' | 'LOCALITY';
  lat: number;
  lng: number;
  rank: 2 | 3;
}

/**
 * Rows per statement. The embedded database keeps the memory its largest statement needed (WebAssembly memory
 * is never given back): one statement of 2,000 rows raised the server's resident memory by about 40 MB, four
 * of 500 by about 10 (ADR 169).
 */
const ROWS_PER_STATEMENT = 500;

/** INSERT … SELECT FROM unnest(arrays), one statement per 500 rows on either database. */
export async function insertGazetteerRows(tx: Db, rows: GazetteerRow[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await insertGazetteerStatement(tx, rows.slice(i, i + ROWS_PER_STATEMENT));
}

async function insertGazetteerStatement(tx: Db, rows: GazetteerRow[]) {
  if (!rows.length) return;
  const col = <K extends keyof GazetteerRow>(k: K) => sql.param(rows.map((r) => r[k]));
  await tx.execute(sql`
    INSERT INTO gazetteer (id, name, name_lower, city, state, pin, address, address_type, lat, lng, rank)
    SELECT u.id, u.name, lower(u.name), u.city, u.state, u.pin, u.address, u.type, u.lat, u.lng, u.rank
    FROM unnest(${col('id')}::text[], ${col('name')}::text[], ${col('city')}::text[], ${col('state')}::text[],
      ${col('pin')}::text[], ${col('address')}::text[], ${col('type')}::text[], ${col('lat')}::float8[],
      ${col('lng')}::float8[], ${col('rank')}::smallint[]) AS u(id, name, city, state, pin, address, type, lat, lng, rank)
    -- a district named as a curated major city, a post office named and coded as a curated place, is left out
    WHERE NOT (u.rank = 2 AND EXISTS (SELECT 1 FROM gazetteer c WHERE c.rank = 0 AND c.name_lower = lower(u.name) COLLATE "C"))
      AND NOT (u.rank = 3 AND EXISTS (
        SELECT 1 FROM gazetteer c WHERE c.pin = u.pin AND c.rank = 1 AND c.name_lower = lower(u.name) COLLATE "C"))
    ON CONFLICT (id) DO NOTHING`);
}

/** The progress of one source's import; `lock` holds its row until the transaction ends. */
export async function importProgress(db: Db, source: string, opts: { lock?: boolean } = {}) {
  const result = (await db.execute(
    sql`SELECT next_line, total_lines, completed_at FROM gazetteer_imports WHERE source = ${source} ${opts.lock ? sql`FOR UPDATE` : sql``}`,
  )) as unknown as { rows: Array<{ next_line: number; total_lines: number; completed_at: unknown }> };
  const row = result.rows[0];
  return row ? { nextLine: Number(row.next_line), totalLines: Number(row.total_lines), completedAt: row.completed_at ?? null } : undefined;
}

export async function registerImport(db: Db, p: { source: string; totalLines: number }) {
  await db.execute(
    sql`INSERT INTO gazetteer_imports (source, total_lines) VALUES (${p.source}, ${p.totalLines}) ON CONFLICT (source) DO NOTHING`,
  );
}

/** Lines before `nextLine` are in; the import is complete once that reaches the file's length. */
export async function advanceImport(tx: Db, p: { source: string; nextLine: number }) {
  await tx.execute(sql`UPDATE gazetteer_imports SET next_line = ${p.nextLine},
    completed_at = CASE WHEN ${p.nextLine} >= total_lines THEN now() ELSE NULL END WHERE source = ${p.source}`);
}

/** Fresh planner statistics once the table has grown. */
export async function analyzeGazetteer(db: Db) {
  await db.execute(sql`ANALYZE gazetteer`);
}
