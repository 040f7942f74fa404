import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertVehicle, nextPhone } from '../../../../test/factories.ts';
import { drivers, trips } from '../../../db/schema/index.ts';
import { awardLoad } from '../../marketplace/loads/load-desk.service.ts';
import { insertLoad } from '../../marketplace/loads/loads.test-helpers.ts';
import { insertTrip } from '../../trips/trips/trips.test-factory.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  admin = await insertAdmin(t.db);
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';

describe('drivers', () => {
  it('adds, edits and removes a driver with licence and assigned vehicle; bad input is 400 and stores nothing', async () => {
    const op = await insertOperator(t.db);
    const v = await insertVehicle(t.db, op.operatorId);
    const token = op.owner.token;
    const phone = nextPhone();
    for (const payload of [
      { name: 'Kallu Ram', phone: '12345' },
      { name: 'Kallu Ram', phone, licenceNumber: 'XYZ' },
      { name: '', phone },
    ]) {
      expect((await t.call({ method: 'POST', url: '/api/fleet/drivers', token, payload })).status).toBe(400);
    }
    expect(await t.db.select().from(drivers).where(eq(drivers.operatorId, op.operatorId))).toHaveLength(0);

    const added = await t.call({
      method: 'POST',
      url: '/api/fleet/drivers',
      token,
      payload: { name: 'Kallu Ram', phone, licenceNumber: 'rj14 20190012345', licenceExpiry: '2030-05-01', vehicleId: v.id },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      name: 'Kallu Ram',
      phone,
      licenceNumber: 'RJ1420190012345',
      vehicleId: v.id,
      tripsDriven: 0,
      onActiveTrip: false,
    });
    expect((await t.call({ method: 'POST', url: '/api/fleet/drivers', token, payload: { name: 'Other', phone } })).status).toBe(400);

    const id = added.body.data.driverId;
    const second = await t.call({
      method: 'POST',
      url: '/api/fleet/drivers',
      token,
      payload: { name: 'Second Driver', phone: nextPhone() },
    });
    const clash = await t.call({
      method: 'PUT',
      url: `/api/fleet/drivers/${second.body.data.driverId}`,
      token,
      payload: { name: 'Second Driver', phone },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.field).toBe('phone');
    expect(clash.body.message).toBe('A driver with this mobile number already exists');
    await t.call({ method: 'DELETE', url: `/api/fleet/drivers/${second.body.data.driverId}`, token });
    const edited = await t.call({
      method: 'PUT',
      url: `/api/fleet/drivers/${id}`,
      token,
      payload: { name: 'Kallu Ram Meena', phone, vehicleId: null },
    });
    expect(edited.body.data).toMatchObject({ name: 'Kallu Ram Meena', vehicleId: null });

    // the token flow's phonebook is this list
    const other = await insertOperator(t.db);
    expect(
      (await t.call({ method: 'PUT', url: `/api/fleet/drivers/${id}`, token: other.owner.token, payload: { name: 'X Y', phone } })).status,
    ).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/fleet/drivers/${id}`, token: other.owner.token })).status).toBe(404);
    const otherVehicle = await insertVehicle(t.db, other.operatorId);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/api/fleet/drivers/${id}`,
          token,
          payload: { name: 'Kallu', phone, vehicleId: otherVehicle.id },
        })
      ).status,
    ).toBe(404);

    expect((await t.call({ method: 'DELETE', url: `/api/fleet/drivers/${id}`, token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/fleet/drivers', token })).body.data).toEqual([]);
  });

  it('a driver on an active trip cannot be removed, and counts the trips driven', async () => {
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const [row] = await t.db.select().from(trips).where(eq(trips.id, trip.tripId));
    const token = trip.operator.owner.token;
    const added = await t.call({
      method: 'POST',
      url: '/api/fleet/drivers',
      token,
      payload: { name: 'Ramesh Yadav', phone: row?.driverPhone },
    });
    expect(added.body.data).toMatchObject({ tripsDriven: 1, onActiveTrip: true });
    const removed = await t.call({ method: 'DELETE', url: `/api/fleet/drivers/${added.body.data.driverId}`, token });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('This driver is on an active trip and cannot be removed');
    expect((await t.call({ method: 'GET', url: '/api/fleet/drivers', token })).body.data).toHaveLength(1);
  });
});

describe('drivers and the token flow', () => {
  it('a driver added here is offered in the token confirmation, and a driver typed there joins this list', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const op = await insertOperator(t.db);
    const token = op.owner.token;
    const load = await insertLoad(t.db, consignerCode, { loadingInHours: 72 });
    await t.call({ method: 'PUT', url: `${V1}/load/${load.id}/quote`, token, payload: { value: 44000 } });
    await awardLoad(t.db, load.id, new Date(Date.now() + 11 * 60_000));
    const vehicle = await insertVehicle(t.db, op.operatorId, { currentLat: 26.85, currentLng: 75.8 });
    const phone = nextPhone();
    const added = await t.call({
      method: 'POST',
      url: '/api/fleet/drivers',
      token,
      payload: { name: 'Mohan Lal', phone, vehicleId: vehicle.id },
    });
    const phonebook = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/phonebook-driver-info`, token });
    expect(phonebook.body.data).toContainEqual({
      driverId: added.body.data.driverId,
      driverName: 'Mohan Lal',
      driverNumber: phone,
      busyTripId: null,
    });

    const typed = nextPhone();
    const saved = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/vehicle-details`,
      token,
      payload: { vehicleId: vehicle.id, driverName: 'Baldev Singh', driverNumber: typed },
    });
    expect(saved.status).toBe(200);
    const list = (await t.call({ method: 'GET', url: '/api/fleet/drivers', token })).body.data;
    expect(list.map((d: { phone: string }) => d.phone).sort()).toEqual([phone, typed].sort());
  });
});

describe('GPS order', () => {
  it('eligible only when verified without a device; the order moves PLACED → SCHEDULED → INSTALLED and the vehicle shows moving on the map', async () => {
    const op = await insertOperator(t.db);
    const token = op.owner.token;
    const pending = await insertVehicle(t.db, op.operatorId, { status: 'PENDING' });
    const v = await insertVehicle(t.db, op.operatorId, { status: 'VERIFIED' });
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle/${pending.id}/gps-eligibility`, token })).body.data).toMatchObject({
      eligible: false,
      reason: 'NOT_VERIFIED',
    });
    const refused = await t.call({ method: 'POST', url: `${V1}/vehicle/${pending.id}/install-gps`, token, payload: {} });
    expect(refused.status).toBe(400);
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle/${v.id}/gps-eligibility`, token })).body.data.eligible).toBe(true);

    const placed = await t.call({ method: 'POST', url: `${V1}/vehicle/${v.id}/install-gps`, token, payload: {} });
    expect(placed.status).toBe(200);
    expect(placed.body.message).toBe('Your GPS order is placed. Our team will call you within 24 hours.');
    expect(placed.body.data.status).toBe('PLACED');
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle/${v.id}/gps-eligibility`, token })).body.data.reason).toBe('ORDER_OPEN');
    expect((await t.call({ method: 'POST', url: `${V1}/vehicle/${v.id}/install-gps`, token, payload: {} })).status).toBe(400);

    const info = await t.call({ method: 'GET', url: `${V1}/gps/order-info`, token });
    expect(info.body.data.orders).toMatchObject([{ orderId: placed.body.data.orderId, status: 'PLACED' }]);
    expect(info.body.data.images.length).toBeGreaterThan(0);

    const orderId = placed.body.data.orderId;
    const skip = await t.call({
      method: 'POST',
      url: `/api/admin/fleet/gps-orders/${orderId}/move`,
      token: admin.token,
      payload: { status: 'INSTALLED' },
    });
    expect(skip.status).toBe(409);
    expect(
      (await t.call({ method: 'POST', url: `/api/admin/fleet/gps-orders/${orderId}/move`, token, payload: { status: 'SCHEDULED' } }))
        .status,
    ).toBe(403);
    const scheduled = await t.call({
      method: 'POST',
      url: `/api/admin/fleet/gps-orders/${orderId}/move`,
      token: admin.token,
      payload: { status: 'SCHEDULED', scheduledFor: '2026-12-01' },
    });
    expect(scheduled.body.data).toMatchObject({ status: 'SCHEDULED', scheduledFor: '2026-12-01' });
    const installed = await t.call({
      method: 'POST',
      url: `/api/admin/fleet/gps-orders/${orderId}/move`,
      token: admin.token,
      payload: { status: 'INSTALLED' },
    });
    expect(installed.body.data.status).toBe('INSTALLED');
    const identifier: string = installed.body.data.deviceIdentifier;
    expect(identifier.length).toBeGreaterThan(16);

    const devices = await t.call({ method: 'GET', url: '/api/tracking/devices', token });
    expect(devices.body.data).toMatchObject([{ vehicleId: v.id, deviceId: installed.body.data.deviceId }]);
    expect((await t.call({ method: 'GET', url: `${V1}/vehicle/${v.id}/gps-eligibility`, token })).body.data.reason).toBe('HAS_DEVICE');

    // the fitted tracker reports: the vehicle appears moving on the fleet map
    const pos = await t.app.inject({ method: 'GET', url: `/api/tracking/osmand?id=${identifier}&lat=26.95&lon=75.81&speed=30` });
    expect(pos.statusCode).toBe(200);
    const map = await t.call({ method: 'GET', url: '/api/fleet/map', token });
    const item = map.body.data.vehicles.find((x: { vehicleId: string }) => x.vehicleId === v.id);
    expect(item).toMatchObject({ state: 'MOVING', lat: 26.95, lng: 75.81 });
    expect(map.body.data.vehicles.find((x: { vehicleId: string }) => x.vehicleId === pending.id)?.state).toBe('OFFLINE');
    expect(map.body.data.counts.MOVING).toBe(1);
    const detail = await t.call({ method: 'GET', url: `/api/fleet/map/${v.id}`, token });
    expect(detail.body.data.positions).toHaveLength(1);
    expect(detail.body.data.trip).toBeNull();
  });
});
