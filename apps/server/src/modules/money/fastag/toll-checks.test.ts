import type { TollEvent } from '@bhada/contracts/money/fastag';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { positions, tollChecks, tollFlags, trips } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from './fastag.test-helpers.ts';
import { checkTolls, checkTollsSince } from './toll-checks.service.ts';
import { applyTollEvents } from './toll-events.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KHERKI = { lat: 28.396, lng: 76.987 };
const JAIPUR = { lat: 26.9124, lng: 75.7873 };
const MIN = 60_000;

/** A 14-tyre truck (class 12) with a funded class-12 tag, optionally on a trip opened a day before `at`. */
async function truck(at: Date, opts: { trip?: boolean } = {}) {
  const { operatorId } = await insertOperator(t.db);
  const vehicle = await insertVehicle(t.db, operatorId, { tyreCount: 14, tonnage: 25 });
  const tagId = await insertTag(t.db, operatorId, vehicle.id, { tagClass: 12 });
  await fundTag(t.db, tagId, 5_000_000);
  let tripId: string | null = null;
  if (opts.trip !== false) {
    tripId = newId('TRP');
    await t.db.insert(trips).values({
      id: tripId,
      demandId: newId('DEM'),
      operatorId,
      vehicleId: vehicle.id,
      driverName: 'Ramesh Yadav',
      driverPhone: '9812345678',
      state: 'IN_TRANSIT',
      originCity: 'Jaipur',
      destinationCity: 'Delhi',
      agreedPricePaisa: 4_500_000,
      createdAt: new Date(at.getTime() - 24 * 60 * MIN),
    });
  }
  return { operatorId, vehicleId: vehicle.id, tagId, tripId };
}

/** Positions of the vehicle at `at` plus each offset (minutes), at the given place. */
async function track(vehicleId: string, at: Date, place: { lat: number; lng: number }, offsets: number[]) {
  await t.db.insert(positions).values(
    offsets.map((m, i) => ({
      vehicleId,
      lat: place.lat + i * 0.0001,
      lng: place.lng,
      recordedAt: new Date(at.getTime() + m * MIN),
    })),
  );
}

async function deliver(event: TollEvent) {
  const res = await deliverToll(t, JSON.stringify(event));
  expect(res.status).toBe(200);
  return res.body.data.txnId as string;
}

const flagsOf = (operatorId: OperatorId) => t.db.select().from(tollFlags).where(eq(tollFlags.operatorId, operatorId));
const checkOf = async (txnId: string) => (await t.db.select().from(tollChecks).where(eq(tollChecks.txnId, txnId)))[0];

describe('toll checks as tolls arrive (issue 47 §1)', () => {
  it('a clean toll on a trip, read where the truck was, is matched to its trip and raises no flag', async () => {
    const at = new Date(Date.now() - 3 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [-6, -1, 4]);
    const txnId = await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString(), vehicleClass: 12 }));
    const check = await checkOf(txnId);
    expect(check).toMatchObject({ tripId: v.tripId, flagCount: 0 });
    expect(check!.nearestPositionKm).toBeLessThan(1);
    expect(await flagsOf(v.operatorId)).toEqual([]);
  });

  it('flags a second read at the same plaza within the window, on the later read, whichever arrives first', async () => {
    const at = new Date(Date.now() - 5 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [-2, 3, 8, 13]);
    const later = tollEvent(v.tagId, { crossedAt: new Date(at.getTime() + 10 * MIN).toISOString(), amount: 41_500 });
    const earlier = tollEvent(v.tagId, { crossedAt: at.toISOString(), amount: 41_500 });
    const laterId = await deliver(later);
    const earlierId = await deliver(earlier);
    const flags = await flagsOf(v.operatorId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'DOUBLE_READ', txnId: laterId, atStakePaisa: 41_500, state: 'OPEN' });
    expect(flags[0]!.evidence).toMatchObject({ otherRead: { txnId: earlierId, minutesApart: 10, amountPaisa: 41_500 } });
  });

  it('does not flag two reads at one plaza further apart than the window', async () => {
    const at = new Date(Date.now() - 8 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [0]);
    await track(v.vehicleId, new Date(at.getTime() + 45 * MIN), KHERKI, [0]);
    await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString() }));
    await deliver(tollEvent(v.tagId, { crossedAt: new Date(at.getTime() + 45 * MIN).toISOString() }));
    expect(await flagsOf(v.operatorId)).toEqual([]);
  });

  it('flags a class other than the registration gives, with both classes and the fare at the right class', async () => {
    const at = new Date(Date.now() - 10 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [-3, 2]);
    const txnId = await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString(), vehicleClass: 15, amount: 50_500 }));
    const flags = await flagsOf(v.operatorId);
    expect(flags).toHaveLength(1);
    // class 15 pays 6.3× the car fare, class 12 pays 5.2×: ₹505 at class 15 is ₹415 at class 12
    expect(flags[0]).toMatchObject({ kind: 'CLASS_MISMATCH', txnId, atStakePaisa: 9_000 });
    expect(flags[0]!.evidence).toMatchObject({
      chargedClass: 15,
      vehicleClass: 12,
      tyreCount: 14,
      tonnage: 25,
      fareAtVehicleClassPaisa: 41_500,
    });
  });

  it('flags a read while the truck was hundreds of kilometres from the plaza, with the positions and distances', async () => {
    const at = new Date(Date.now() - 12 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, JAIPUR, [-10, -4, 5]);
    const txnId = await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString(), amount: 41_500 }));
    const flags = await flagsOf(v.operatorId);
    expect(flags.map((f) => f.kind)).toEqual(['FAR_FROM_PLAZA']);
    expect(flags[0]).toMatchObject({ txnId, atStakePaisa: 41_500 });
    const evidence = flags[0]!.evidence as { positions: Array<{ km: number; minutesFromRead: number }>; plazaPosition: unknown };
    expect(evidence.plazaPosition).toEqual({ ...KHERKI, source: 'DATASET' });
    expect(evidence.positions[0]!.minutesFromRead).toBe(-4);
    for (const p of evidence.positions) expect(p.km).toBeGreaterThan(200);
    expect((await checkOf(txnId))!.nearestPositionKm).toBeGreaterThan(200);
  });

  it('places a plaza the data set does not know from the position the event reports', async () => {
    const at = new Date(Date.now() - 14 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [-2, 2]);
    const far = tollEvent(v.tagId, {
      crossedAt: at.toISOString(),
      plaza: 'Sonipat Toll Plaza',
      plazaCode: 'TEST-SNP',
      plazaLat: 29.99,
      plazaLng: 77.05,
    });
    await deliver(far);
    const flags = await flagsOf(v.operatorId);
    expect(flags.map((f) => f.kind)).toEqual(['FAR_FROM_PLAZA']);
    expect((flags[0]!.evidence as { plazaPosition: unknown }).plazaPosition).toEqual({ lat: 29.99, lng: 77.05, source: 'EVENT' });
  });

  it('flags a toll on a truck with no trip that did not move', async () => {
    const at = new Date(Date.now() - 16 * 60 * MIN);
    const v = await truck(at, { trip: false });
    // parked at the plaza's town: near enough not to be a far read, but still
    await track(v.vehicleId, at, KHERKI, [-15, -5, 5, 15]);
    const txnId = await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString() }));
    const flags = await flagsOf(v.operatorId);
    expect(flags.map((f) => f.kind)).toEqual(['NO_TRIP_NO_MOVEMENT']);
    expect(flags[0]).toMatchObject({ txnId, atStakePaisa: 41_500 });
    expect(flags[0]!.evidence).toMatchObject({ tripId: null });
    expect((flags[0]!.evidence as { movedKm: number }).movedKm).toBeLessThan(1);
  });

  it('does not flag a truck with no trip that was moving through the plaza', async () => {
    const at = new Date(Date.now() - 18 * 60 * MIN);
    const v = await truck(at, { trip: false });
    await track(v.vehicleId, new Date(at.getTime() - 10 * MIN), { lat: KHERKI.lat - 0.1, lng: KHERKI.lng }, [0]);
    await track(v.vehicleId, at, KHERKI, [0]);
    const txnId = await deliver(tollEvent(v.tagId, { crossedAt: at.toISOString() }));
    expect(await flagsOf(v.operatorId)).toEqual([]);
    expect(await checkOf(txnId)).toMatchObject({ tripId: null, flagCount: 0 });
  });
});

describe('toll checks over history', () => {
  it('the catch-up checks each past toll once, reading forward from its cursor', async () => {
    const at = new Date(Date.now() - 30 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [0, 5]);
    // tolls applied without the webhook, as before the checks existed
    const { response } = await applyTollEvents(t.db, [
      tollEvent(v.tagId, { crossedAt: at.toISOString() }),
      tollEvent(v.tagId, { crossedAt: new Date(at.getTime() + 5 * MIN).toISOString() }),
    ]);
    const ids = response.results.map((r) => r.txnId!);
    expect(await checkOf(ids[0]!)).toBeUndefined();
    const cursor = `test-${newId('C', 6)}`;
    const first = await checkTollsSince(t.db, undefined, { cursor, batch: 50 });
    expect(first.checked).toBeGreaterThanOrEqual(2);
    expect(await checkOf(ids[0]!)).toMatchObject({ tripId: v.tripId });
    const flags = await flagsOf(v.operatorId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'DOUBLE_READ', txnId: ids[1] });
    const again = await checkTollsSince(t.db, undefined, { cursor, batch: 50 });
    expect(again).toMatchObject({ checked: 0, flagged: 0, lastSeq: first.lastSeq });
  });

  it('keeps every flag of a busy batch: a tag read again and again at one plaza', async () => {
    const at = new Date(Date.now() - 40 * 60 * MIN);
    const v = await truck(at);
    await track(v.vehicleId, at, KHERKI, [0]);
    // 150 reads 10 s apart: every later read pairs with every earlier one, more rows than one statement takes
    const { response } = await applyTollEvents(
      t.db,
      Array.from({ length: 150 }, (_, i) =>
        tollEvent(v.tagId, { crossedAt: new Date(at.getTime() + i * 10_000).toISOString(), amount: 100 }),
      ),
    );
    const done = await checkTolls(
      t.db,
      response.results.map((r) => r.txnId!),
    );
    expect(done.checked).toBe(150);
    const flags = await flagsOf(v.operatorId);
    expect(flags).toHaveLength(149);
    expect(flags.every((f) => f.kind === 'DOUBLE_READ' && f.atStakePaisa === 100)).toBe(true);
  });
});
