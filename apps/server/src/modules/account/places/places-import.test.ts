import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator } from '../../../../test/factories.ts';
import { loadConfig } from '../../../config.ts';
import { gazetteer, gazetteerImports } from '../../../db/schema/index.ts';
import { defaultPostalSource, importPostalPlaces, parseLine } from './places.import.ts';

/**
 * The postal import on a slice of the real GeoNames file (ADR 113): the Andaman rows at its start, the
 * Ludhiana post offices (PINs 1410xx) and Jaipur's 30202x, so PIN codes, districts and ranking are real.
 */
const source = defaultPostalSource();
const all = readFileSync(source.file, 'utf8').split('\n');
const slice = [...all.slice(0, 40), ...all.filter((l) => /^IN\t(1410\d\d|30202\d)\t/.test(l))];
const dir = mkdtempSync(join(tmpdir(), 'bhada-places-'));
const sliceFile = join(dir, 'IN-slice.txt');
writeFileSync(sliceFile, `${slice.join('\n')}\n`);
const parsed = slice.map(parseLine).filter((l) => l !== null);
const districts = new Set(parsed.map((l) => `${l.state}/${l.district}`));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const APP = '/api/odin/v2/map/app';
const count = async (rank: number) =>
  (await t.db.select({ n: sql<number>`count(*)::integer` }).from(gazetteer).where(eq(gazetteer.rank, rank)))[0]!.n;

describe('postal places import', () => {
  it('is switched on by default and off in the test harness', () => {
    expect(loadConfig({}).PLACES_IMPORT).toBe(true);
    expect(t.config.PLACES_IMPORT).toBe(false);
  });

  it('resumes where it stopped, imports each line once, and does nothing once complete', async () => {
    expect(parsed.length).toBeGreaterThan(60);
    expect(await count(3)).toBe(0);
    // curated rows come with the migration
    expect(await count(0)).toBe(18);
    expect(await count(1)).toBe(28);

    const first = await importPostalPlaces(t.db, { file: sliceFile, source: 'slice', batchSize: 25, maxBatches: 1 });
    expect(first).toEqual({ lines: 25, complete: false });
    const [progress] = await t.db.select().from(gazetteerImports).where(eq(gazetteerImports.source, 'slice'));
    expect(progress).toMatchObject({ nextLine: 25, totalLines: slice.length, completedAt: null });
    expect(await count(3)).toBe(25);
    // districts arrive with the first batch; Ludhiana and Jaipur are curated major cities, not repeated
    expect(districts.has('Punjab/Ludhiana') && districts.has('Rajasthan/Jaipur')).toBe(true);
    expect(await count(2)).toBe(districts.size - 2);

    // two runs at once finish the rest without inserting a line twice
    const [a, b] = await Promise.all([
      importPostalPlaces(t.db, { file: sliceFile, source: 'slice', batchSize: 25 }),
      importPostalPlaces(t.db, { file: sliceFile, source: 'slice', batchSize: 25 }),
    ]);
    expect(a.complete && b.complete).toBe(true);
    expect(a.lines + b.lines).toBe(slice.length - 25);
    // one post office repeats a curated place (same name and PIN): Sitapura Industrial Area, 302022
    expect(await count(3)).toBe(parsed.length - 1);
    const [done] = await t.db.select().from(gazetteerImports).where(eq(gazetteerImports.source, 'slice'));
    expect(done!.completedAt).toBeInstanceOf(Date);

    expect(await importPostalPlaces(t.db, { file: sliceFile, source: 'slice' })).toEqual({ lines: 0, complete: true });
    expect(await count(3)).toBe(parsed.length - 1);

    const ludhianaHo = await t.db.select().from(gazetteer).where(eq(gazetteer.name, 'Ludhiana H.O'));
    expect(ludhianaHo).toMatchObject([
      { addressType: 'LOCALITY', city: 'Ludhiana', state: 'Punjab', pin: '141001', address: 'Ludhiana H.O, Ludhiana, Punjab 141001' },
    ]);
    const nicobar = await t.db.select().from(gazetteer).where(eq(gazetteer.id, 'DI-andaman-nicobar-islands-nicobar'));
    expect(nicobar).toMatchObject([{ name: 'Nicobar', addressType: 'CITY', rank: 2, pin: null }]);
  });
});

// the searches read the whole slice, imported once into an app of their own, so they pass in any order
describe('place search over the imported post offices', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
    await importPostalPlaces(s.db, { file: sliceFile, source: 'slice' });
  });
  afterAll(async () => s.close());

  it('resolves a PIN code to its post offices, and an unknown PIN to its sorting district, nearest first', async () => {
    const op = await insertOperator(s.db);
    const pin = await s.call({ method: 'GET', url: `${APP}/search?text=141001&limit=50`, token: op.owner.token });
    expect(pin.status).toBe(200);
    const expected = parsed.filter((l) => l.pin === '141001').map((l) => l.name);
    expect(pin.body.data.map((p: { name: string }) => p.name).sort()).toEqual([...expected].sort());
    expect(pin.body.data.every((p: { address: string }) => p.address.endsWith('141001'))).toBe(true);

    // the curated place carrying the PIN comes before the post offices
    const sitapura = await s.call({ method: 'GET', url: `${APP}/search?text=302022`, token: op.owner.token });
    expect(sitapura.body.data[0]).toMatchObject({ placeId: 'PL019', name: 'Sitapura Industrial Area' });
    expect(sitapura.body.data.length).toBeGreaterThan(1);

    const near = await s.call({ method: 'GET', url: `${APP}/search?text=141099&addressTypes=LOCALITY`, token: op.owner.token });
    const pins = near.body.data.map((p: { address: string }) => p.address.slice(-6));
    expect(pins.length).toBe(10);
    expect(pins.every((p: string) => p.startsWith('141'))).toBe(true);
    const distance = pins.map((p: string) => Math.abs(Number(p) - 141099));
    expect(distance).toEqual([...distance].sort((x, y) => x - y));
  });

  it('ranks saved places, then curated places and districts, then post offices by name prefix', async () => {
    const op = await insertOperator(s.db);
    const saved = await s.call({
      method: 'POST',
      url: `${APP}/saved-places`,
      token: op.owner.token,
      payload: { placeName: 'Ludhiana Cold Store', placeLat: 30.9, placeLng: 75.85 },
    });
    expect(saved.status).toBe(200);
    const res = await s.call({ method: 'GET', url: `${APP}/search?text=ludh&limit=6`, token: op.owner.token });
    const labels = res.body.data.map((p: { name: string; addressType: string }) => `${p.name} [${p.addressType}]`);
    const localities = parsed
      .filter((l) => l.name.toLowerCase().startsWith('ludh'))
      .map((l) => l.name.toLowerCase())
      .sort();
    expect(labels.slice(0, 3)).toEqual([
      'Ludhiana Cold Store [WAREHOUSE]',
      'Ludhiana [CITY]',
      // a curated place in the city that starts with the text
      'Focal Point Phase VIII [INDUSTRIAL_AREA]',
    ]);
    expect(res.body.data.slice(3).map((p: { name: string }) => p.name.toLowerCase())).toEqual(localities.slice(0, 3));
    expect(res.body.data.slice(3).every((p: { addressType: string }) => p.addressType === 'LOCALITY')).toBe(true);

    // a type filter narrows every part: localities only, or cities only (saved places are warehouses)
    const onlyLocalities = await s.call({ method: 'GET', url: `${APP}/search?text=ludh&addressTypes=LOCALITY`, token: op.owner.token });
    expect(onlyLocalities.body.data.length).toBeGreaterThan(0);
    expect(onlyLocalities.body.data.every((p: { addressType: string }) => p.addressType === 'LOCALITY')).toBe(true);
    const cities = await s.call({ method: 'GET', url: `${APP}/search?text=nicob&addressTypes=CITY`, token: op.owner.token });
    expect(cities.body.data).toMatchObject([{ name: 'Nicobar', addressType: 'CITY', city: 'Nicobar', state: 'Andaman & Nicobar Islands' }]);
    // text with LIKE wildcards is taken literally
    expect((await s.call({ method: 'GET', url: `${APP}/search?text=%25%25_`, token: op.owner.token })).body.data).toEqual([]);
  });

  it("never shows another operator's saved places, on either search route", async () => {
    const op = await insertOperator(s.db);
    const other = await insertOperator(s.db);
    await s.call({
      method: 'POST',
      url: `${APP}/saved-places`,
      token: op.owner.token,
      payload: { placeName: 'Ludhiana Private Yard', placeLat: 30.9, placeLng: 75.85 },
    });
    for (const url of [`${APP}/search?text=ludhiana private`, '/api/odin/v2/map/unloading-point/search?searchText=ludhiana private']) {
      expect((await s.call({ method: 'GET', url, token: op.owner.token })).body.data[0]).toMatchObject({ name: 'Ludhiana Private Yard' });
      const theirs = await s.call({ method: 'GET', url, token: other.owner.token });
      expect(theirs.status).toBe(200);
      expect(theirs.body.data).toEqual([]);
    }
    const empty = await s.call({ method: 'GET', url: `${APP}/search?text=`, token: other.owner.token });
    expect(empty.body.data.map((p: { name: string }) => p.name)).not.toContain('Ludhiana Private Yard');
    // the empty text lists major cities first
    expect(empty.body.data.every((p: { addressType: string }) => p.addressType === 'CITY')).toBe(true);
  });
});

describe('postal places import at start', () => {
  it('runs by itself after the server listens when switched on, and the districts come first', async () => {
    const own = await createTestApp({ PLACES_IMPORT: 'true', PLACES_IMPORT_FILE: sliceFile });
    try {
      expect(await own.db.select().from(gazetteerImports).orderBy(asc(gazetteerImports.source))).toEqual([]);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const deadline = Date.now() + 20_000;
      let progress = await own.db.select().from(gazetteerImports);
      while (!progress[0]?.completedAt && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        progress = await own.db.select().from(gazetteerImports);
      }
      expect(progress).toMatchObject([{ source: `file:${sliceFile}`, nextLine: slice.length }]);
      expect(progress[0]!.completedAt).toBeInstanceOf(Date);
    } finally {
      await own.close();
    }
  });
});
