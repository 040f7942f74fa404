import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator } from '../../../../test/factories.ts';
import { insertTrip } from '../trips/trips.test-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // pg-pool's end() resolves before its sockets close; the harness's DROP DATABASE … FORCE then
  // kills them and an unheard pool 'error' would fail the run (harness issue reported)
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

async function device(token: string, vehicleId: string) {
  const res = await t.call({ method: 'POST', url: '/api/tracking/devices', token, payload: { vehicleId, label: 'Driver phone' } });
  expect(res.status).toBe(200);
  return res.body.data.identifier as string;
}

describe('OsmAnd ingestion and trip tracking', () => {
  it('accepts positions from a registered device and shows the trip path, position and ETA', async () => {
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const token = trip.operator.owner.token;
    const id = await device(token, trip.vehicle.id);
    const now = Math.floor(Date.now() / 1000);
    const points = [
      [26.95, 75.9, now - 3600],
      [27.3, 76.2, now - 1800],
      [27.6, 76.5, now - 60],
    ];
    for (const [lat, lon, ts] of points) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tracking/osmand?id=${id}&lat=${lat}&lon=${lon}&timestamp=${ts}&speed=27`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.tripId).toBe(trip.tripId);
    }
    // Traccar Client may POST a form body instead
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/tracking/osmand',
      payload: `id=${id}&lat=27.7&lon=76.6&timestamp=${now}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(200);

    const tracking = await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking?state=IN_TRANSIT`, token });
    expect(tracking.status).toBe(200);
    expect(tracking.body.data.path).toHaveLength(4);
    expect(tracking.body.data.current).toMatchObject({ lat: 27.7, lng: 76.6 });
    expect(tracking.body.data.stale).toBe(false);
    expect(tracking.body.data.etaMinutes).toBeGreaterThan(0);
  });

  it('refuses an unknown device id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tracking/osmand?id=not-a-registered-device-0001&lat=27&lon=76' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 without data or for another operator, 409 when the shown state is stale', async () => {
    const trip = await insertTrip(t.db, { state: 'LOADED' });
    const token = trip.operator.owner.token;
    expect((await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking`, token })).status).toBe(404);
    const id = await device(token, trip.vehicle.id);
    await t.app.inject({ method: 'GET', url: `/api/tracking/osmand?id=${id}&lat=26.9&lon=75.8` });
    expect((await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking?state=LOADED`, token })).status).toBe(
      200,
    );
    expect((await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking?state=ASSIGNED`, token })).status).toBe(
      409,
    );
    const other = await insertOperator(t.db);
    expect(
      (await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking`, token: other.owner.token })).status,
    ).toBe(404);
    const foreign = await t.call({
      method: 'POST',
      url: '/api/tracking/devices',
      token: other.owner.token,
      payload: { vehicleId: trip.vehicle.id },
    });
    expect(foreign.status).toBe(404);
  });

  it('the simulator moves a running trip along its lane', async () => {
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const token = trip.operator.owner.token;
    const tick = await t.call({ method: 'POST', url: '/api/dev/tracking/tick', token });
    expect(tick.status).toBe(200);
    expect(tick.body.data.moved).toBeGreaterThan(0);
    const first = (await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking`, token })).body.data.current;
    expect(first.lat).toBeGreaterThan(26.5);
    expect(first.lat).toBeLessThan(29);
  });
});
