import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { trips } from '../../../db/schema/index.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';
import { awardLoad } from '../loads/load-desk.service.ts';
import { insertLoad } from '../loads/loads.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';

/** A load won by one operator who already has a driver out on a trip in transit (issue 48). */
async function wonWithBusyDriver() {
  const { consignerCode } = await insertConsigner(t.db);
  const op = await insertOperator(t.db);
  const load = await insertLoad(t.db, consignerCode, { loadingInHours: 72 });
  await t.call({ method: 'PUT', url: `${V1}/load/${load.id}/quote`, token: op.owner.token, payload: { value: 44000 } });
  await awardLoad(t.db, load.id, new Date(Date.now() + 11 * 60_000));
  const running = await insertTrip(t.db, { operator: op, state: 'IN_TRANSIT' });
  const [row] = await t.db.select({ phone: trips.driverPhone }).from(trips).where(eq(trips.id, running.tripId));
  const vehicle = await insertVehicle(t.db, op.operatorId, { currentLat: 26.85, currentLng: 75.8 });
  return { load, op, running, busyPhone: row!.phone, vehicle };
}

const save = (token: string, demandId: string, vehicleId: string, driverNumber: string) =>
  t.call({
    method: 'POST',
    url: `${V1}/token/${demandId}/vehicle-details`,
    token,
    payload: { vehicleId, driverName: 'Gurnam Singh', driverNumber },
  });

describe('no double booking on the token confirmation', () => {
  it('refuses a driver on an unfinished trip with the trip named, and accepts a free one', async () => {
    const { load, op, running, busyPhone, vehicle } = await wonWithBusyDriver();
    const refused = await save(op.owner.token, load.id, vehicle.id, busyPhone);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('DRIVER_BUSY');
    expect(refused.body.message).toContain(running.tripId);
    expect((await save(op.owner.token, load.id, vehicle.id, '9812300001')).status).toBe(200);
  });

  it('refuses a vehicle on an unfinished trip and the picker shows it busy with that trip', async () => {
    const { load, op, running } = await wonWithBusyDriver();
    const refused = await save(op.owner.token, load.id, running.vehicle.id, '9812300002');
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VEHICLE_NOT_ELIGIBLE');
    const one = await t.call({ method: 'GET', url: `${V1}/vehicle/${running.vehicle.id}`, token: op.owner.token });
    expect(one.body.data).toMatchObject({ available: false, busyTripId: running.tripId });
  });

  it('the phonebook shows a driver on a trip as busy with it', async () => {
    const { load, op, running, busyPhone, vehicle } = await wonWithBusyDriver();
    // a driver typed once joins the phonebook; then the same person goes out on the other trip
    await save(op.owner.token, load.id, vehicle.id, '9812300003');
    await t.db.update(trips).set({ driverPhone: '9812300003' }).where(eq(trips.id, running.tripId));
    const book = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/phonebook-driver-info`, token: op.owner.token });
    expect(book.body.data).toContainEqual(expect.objectContaining({ driverNumber: '9812300003', busyTripId: running.tripId }));
    expect(busyPhone).not.toBe('9812300003');
  });

  it('pay-token refuses when the saved driver went out on another trip meanwhile, and debits nothing', async () => {
    const { load, op, running, vehicle } = await wonWithBusyDriver();
    await fundWallet(t.db, op.operatorId, 10_000_00);
    expect((await save(op.owner.token, load.id, vehicle.id, '9812300004')).status).toBe(200);
    expect((await t.call({ method: 'POST', url: `${V1}/demand/${load.id}/initiate-token`, token: op.owner.token })).status).toBe(200);
    await t.db.update(trips).set({ driverPhone: '9812300004' }).where(eq(trips.id, running.tripId));
    const paid = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: op.owner.token });
    expect(paid.status).toBe(400);
    expect(paid.body.errorCode).toBe('DRIVER_BUSY');
    expect(await t.db.select({ id: trips.id }).from(trips).where(eq(trips.demandId, load.id))).toHaveLength(0);
  });
});
