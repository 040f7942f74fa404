import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/harness/index.ts';
import { busyVehicleIds } from '../../marketplace/tokens/tokens.repository.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { insertTrip } from './trips.test-factory.ts';

const ctx = useTestApp();
const driver = { driverName: 'Suresh Gurjar', driverNumber: '9876543210', reasonCode: 'VEHICLE_BREAKDOWN' };

describe('slots and delays', () => {
  it('books a loading slot once per window at one point', async () => {
    const { t, h } = ctx;
    const a = await insertTrip(t.db);
    const b = await insertTrip(t.db);
    const opA = h.as(a.operator.owner.token);
    const opB = h.as(b.operator.owner.token);
    const window = (await opA.trips.slots(a.tripId, 'LOADING')).body.data.windows[0]!;
    const booked = await opA.trips.bookSlot(a.tripId, { location: 'LOADING', start: window.start });
    expect(booked.status).toBe(200);
    expect(booked.body.data.selected?.start).toBe(window.start);
    const taken = await opB.trips.bookLoadingSlot(b.tripId, window.start);
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('SLOT_TAKEN');
    expect((await opB.trips.loadingSlots(b.tripId)).body.data.windows[0]).toMatchObject({ start: window.start, available: false });
    expect((await opA.trips.bookSlot(a.tripId, { location: 'LOADING', start: '2020-01-01T00:00:00Z' })).status).toBe(400);
  });

  it('records a delay with its reason as the trip remark', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const op = h.as(trip.operator.owner.token);
    const res = await op.trips.reportDelay(trip.tripId, { type: 'TRANSIT', reasonCode: 'TRAFFIC', remarks: 'NH48 jam' });
    expect(res.status).toBe(200);
    expect(res.body.data.reported[0]).toMatchObject({ reasonCode: 'TRAFFIC', reason: 'Traffic jam', remarks: 'NH48 jam' });
    const detail = (await op.trips.detail(trip.tripId)).body.data;
    expect(detail.remarks).toBe('Traffic jam: NH48 jam');
    expect(detail.loadingPoints[0]?.contactPhone).toMatch(/^X+\d{4}$/);
  });
});

describe('cancel', () => {
  it('cancels before loading with the token refunded in full, once', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const op = h.as(trip.operator.owner.token);
    const wallet = () => balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId));
    expect((await op.trips.cancelConfirmation(trip.tripId)).body.data).toMatchObject({
      allowed: true,
      refundInPaisa: 200_000,
      forfeitInPaisa: 0,
    });
    const cancelled = await op.trips.cancel(trip.tripId, 'VEHICLE_BREAKDOWN');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'CANCELLED', refundInPaisa: 200_000 });
    expect(await wallet()).toBe(200_000);
    expect((await op.trips.cancel(trip.tripId, 'VEHICLE_BREAKDOWN')).status).toBe(422);
    expect(await wallet()).toBe(200_000);
  });

  it('refunds half with a slot booked within a day, nothing at the point, and refuses after loading', async () => {
    const { t, h } = ctx;
    const late = await insertTrip(t.db);
    const lateOp = h.as(late.operator.owner.token);
    const soon = (await lateOp.trips.loadingSlots(late.tripId)).body.data.windows.find((w) => w.available)!;
    // the slots start within a day of now, so the policy's "late cancel" applies (India time, ADR on slots)
    expect(new Date(soon.start).getTime() - Date.now()).toBeLessThan(24 * 3_600_000);
    await lateOp.trips.bookLoadingSlot(late.tripId, soon.start);
    expect((await lateOp.trips.cancel(late.tripId, 'OTHER')).body.data.refundInPaisa).toBe(100_000);

    const revenueBefore = await balanceOf(t.db, { kind: 'PLATFORM_REVENUE', ownerId: 'SYSTEM' });
    const atPoint = await insertTrip(t.db, { state: 'REACHED_LOADING' });
    const kept = await h.as(atPoint.operator.owner.token).trips.cancel(atPoint.tripId, 'OTHER');
    expect(kept.status).toBe(200);
    expect(kept.body.data.refundInPaisa).toBe(0);
    expect((await balanceOf(t.db, { kind: 'PLATFORM_REVENUE', ownerId: 'SYSTEM' })) - revenueBefore).toBe(200_000);

    const loaded = await insertTrip(t.db, { state: 'LOADED' });
    expect((await h.as(loaded.operator.owner.token).trips.cancel(loaded.tripId, 'OTHER')).status).toBe(422);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('five cancels at once refund the token once', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const op = h.as(trip.operator.owner.token);
    const results = await Promise.all(Array.from({ length: 5 }, () => op.trips.cancel(trip.tripId, 'OTHER')));
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409, 422]).toContain(r.status);
    expect(await balanceOf(t.db, accounts.operatorWallet(trip.operator.operatorId))).toBe(200_000);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('two trucks racing for one window: exactly one gets it', async () => {
    const { t, h } = ctx;
    const a = await insertTrip(t.db);
    const b = await insertTrip(t.db);
    const opA = h.as(a.operator.owner.token);
    const opB = h.as(b.operator.owner.token);
    const start = (await opA.trips.loadingSlots(a.tripId)).body.data.windows[1]!.start;
    const [ra, rb] = await Promise.all([opA.trips.bookLoadingSlot(a.tripId, start), opB.trips.bookLoadingSlot(b.tripId, start)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
  });
});

describe('replace the vehicle', () => {
  it('before loading, never with a vehicle on another trip', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const busy = await insertTrip(t.db, { operator: trip.operator, state: 'IN_TRANSIT' });
    const free = await insertVehicle(t.db, trip.operator.operatorId);
    const op = h.as(trip.operator.owner.token);
    const refused = await op.trips.replaceVehicle({ tripId: trip.tripId, vehicleId: busy.vehicle.id, ...driver });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VEHICLE_BUSY');
    expect((await op.trips.replaceVehicle({ tripId: trip.tripId, vehicleId: free.id, ...driver })).status).toBe(200);
    expect((await op.trips.detail(trip.tripId)).body.data).toMatchObject({
      vehicleId: free.id,
      driverName: 'Suresh Gurjar',
      driverNumber: '9876543210',
    });
  });

  it('an unloaded truck is free again: for a new token as for a replacement (one rule)', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const unloaded = await insertTrip(t.db, { operator: trip.operator, state: 'UNLOADED' });
    const busyForTokens = await busyVehicleIds(t.db, { operatorId: trip.operator.operatorId });
    expect(busyForTokens.has(unloaded.vehicle.id)).toBe(false);
    expect(busyForTokens.has(trip.vehicle.id)).toBe(true);
    const replaced = await h
      .as(trip.operator.owner.token)
      .trips.replaceVehicle({ tripId: trip.tripId, vehicleId: unloaded.vehicle.id, ...driver });
    expect(replaced.status).toBe(200);
  });

  it('a driver change refuses a driver on another unfinished trip of the operator (issue 48)', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const other = await insertTrip(t.db, { operator: trip.operator, state: 'IN_TRANSIT' });
    const op = h.as(trip.operator.owner.token);
    const busyPhone = (await op.trips.detail(other.tripId)).body.data.driverNumber as string;
    const refused = await op.trips.replaceVehicle({ tripId: trip.tripId, vehicleId: trip.vehicle.id, ...driver, driverNumber: busyPhone });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('DRIVER_BUSY');
    expect(refused.body.message).toContain(other.tripId);
    expect((await op.trips.replaceVehicle({ tripId: trip.tripId, vehicleId: trip.vehicle.id, ...driver })).status).toBe(200);
    expect((await op.trips.detail(trip.tripId)).body.data.driverNumber).toBe(driver.driverNumber);
  });
});
