import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertAdmin } from '../../../../test/factories.ts';
import { type Clients, useTestApp } from '../../../../test/harness/index.ts';
import { tripEvents } from '../../../db/schema/index.ts';
import { insertTrip } from './trips.test-factory.ts';
import { stateOf } from './trips.test-support.ts';

// Issue 48 §3, ADR 270: the reached-point stages are checked against the truck's latest position.
const ctx = useTestApp();

const JAIPUR_GATE = { lat: 26.9124, lng: 75.7873 };
/** about 557 road km from the Okhla depot: the truck is still near Jaipur's outskirts */
const FAR_FROM_DELHI = { lat: 25.325, lng: 74.6 };

/** Sends a position through the tracking intake, as the truck's GPS device does. */
async function sendPosition(token: string, vehicleId: string, at: { lat: number; lng: number }, secondsAgo = 30) {
  const { t } = ctx;
  const registered = await t.call({ method: 'POST', url: '/api/tracking/devices', token, payload: { vehicleId, label: 'Truck GPS' } });
  expect(registered.status).toBe(200);
  const id = registered.body.data.identifier as string;
  const ts = Math.floor(Date.now() / 1000) - secondsAgo;
  const res = await t.app.inject({ method: 'GET', url: `/api/tracking/osmand?id=${id}&lat=${at.lat}&lon=${at.lng}&timestamp=${ts}` });
  expect(res.statusCode).toBe(200);
}

const reach = (op: Clients, tripId: string, toState: 'REACHED_LOADING' | 'REACHED_UNLOADING', override?: object) =>
  op.trips.advance({ tripId, toState, ...(override ? { override } : {}) } as Parameters<Clients['trips']['advance']>[0]);

describe('reached-point stages against the truck position', () => {
  it('accepts "Reached loading point" with the truck inside the radius and keeps the distance on the history', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const op = h.as(trip.operator.owner.token);
    // about 1.1 km from the gate
    await sendPosition(trip.operator.owner.token, trip.vehicle.id, { lat: JAIPUR_GATE.lat + 0.008, lng: JAIPUR_GATE.lng + 0.004 });
    const res = await reach(op, trip.tripId, 'REACHED_LOADING');
    expect(res.status).toBe(200);
    expect(await stateOf(t, trip.tripId)).toBe('REACHED_LOADING');
    const detail = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/trip/${trip.tripId}`, token: trip.operator.owner.token });
    expect(detail.body.data.stageChecks).toEqual([
      expect.objectContaining({ toState: 'REACHED_LOADING', outcome: 'WITHIN_RADIUS', radiusKm: 3, override: null }),
    ]);
    expect(detail.body.data.stageChecks[0].distanceKm).toBeGreaterThan(0.5);
    expect(detail.body.data.stageChecks[0].distanceKm).toBeLessThan(3);
  });

  it('refuses "Reached unloading point" 557 km away with a clear code and message, in English and Hindi', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const op = h.as(trip.operator.owner.token);
    await sendPosition(trip.operator.owner.token, trip.vehicle.id, FAR_FROM_DELHI);
    const res = await reach(op, trip.tripId, 'REACHED_UNLOADING');
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('STAGE_TOO_FAR');
    expect(res.body.message).toBe(
      'The truck is 557 km from the unloading point; it must be within 5 km. Mark it when the truck is there, or give a reason.',
    );
    expect(await stateOf(t, trip.tripId)).toBe('IN_TRANSIT');
    const hi = await t.call({
      method: 'POST',
      url: '/api/rest/tesseract/v1/trip/operator/advance-state',
      token: trip.operator.owner.token,
      payload: { tripId: trip.tripId, toState: 'REACHED_UNLOADING' },
      headers: { locale: 'hi' },
    });
    expect(hi.body.errorCode).toBe('STAGE_TOO_FAR');
    expect(hi.body.message).toBe('गाड़ी अनलोडिंग पॉइंट से 557 किमी दूर है; उसे 5 किमी के अंदर होना चाहिए। गाड़ी वहाँ पहुँचे तब दर्ज करें, या कारण बताएँ।');
    // tracking's "km to go" answers the same distance from the same position
    const tracking = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking?state=IN_TRANSIT`,
      token: trip.operator.owner.token,
    });
    expect(Math.round(tracking.body.data.distanceLeftKm)).toBe(557);
  });

  it('records an override with its reason, shown to the consigner and the admin on the trip', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const op = h.as(trip.operator.owner.token);
    await sendPosition(trip.operator.owner.token, trip.vehicle.id, FAR_FROM_DELHI);
    const other = await reach(op, trip.tripId, 'REACHED_UNLOADING', { reason: 'OTHER' });
    expect(other.status).toBe(400);
    const res = await reach(op, trip.tripId, 'REACHED_UNLOADING', { reason: 'GPS_INACCURATE', note: 'Device shows yesterday route' });
    expect(res.status).toBe(200);
    expect(await stateOf(t, trip.tripId)).toBe('REACHED_UNLOADING');

    const expected = expect.objectContaining({
      toState: 'REACHED_UNLOADING',
      outcome: 'OVERRIDE',
      distanceKm: 557,
      radiusKm: 5,
      override: {
        reason: 'GPS_INACCURATE',
        reasonLabel: 'GPS shows the wrong place',
        reasonLabelHi: 'GPS ग़लत जगह दिखा रहा है',
        note: 'Device shows yesterday route',
        noPosition: false,
      },
    });
    const admin = await insertAdmin(t.db);
    const adminView = await t.call({ method: 'GET', url: `/api/admin/trips/${trip.tripId}`, token: admin.token });
    expect(adminView.status).toBe(200);
    expect(adminView.body.data.trip.stageChecks).toEqual([expected]);
    const consignerView = await t.call({ method: 'GET', url: '/api/consigner/balance/trip', token: trip.consigner.user.token });
    expect(consignerView.status).toBe(200);
    const mine = consignerView.body.data.balances.find((b: { tripId: string }) => b.tripId === trip.tripId);
    expect(mine.stageChecks).toEqual([expected]);
    // the history row names the override
    const [event] = await t.db.select().from(tripEvents).where(eq(tripEvents.tripId, trip.tripId));
    expect(event?.note).toBe('Marked without the truck at the point: GPS shows the wrong place');
  });

  it('with no position at all, only an override marks the point, recorded as such', async () => {
    const { t, h } = ctx;
    const trip = await insertTrip(t.db);
    const op = h.as(trip.operator.owner.token);
    const refused = await reach(op, trip.tripId, 'REACHED_LOADING');
    expect(refused.status).toBe(422);
    expect(refused.body.errorCode).toBe('STAGE_NO_POSITION');
    expect(refused.body.message).toBe('There is no recent position of this truck. Give a reason to mark the loading point reached.');
    expect(await stateOf(t, trip.tripId)).toBe('ASSIGNED');

    // a position older than half an hour is no position
    await sendPosition(trip.operator.owner.token, trip.vehicle.id, JAIPUR_GATE, 45 * 60);
    expect((await reach(op, trip.tripId, 'REACHED_LOADING')).body.errorCode).toBe('STAGE_NO_POSITION');

    const res = await reach(op, trip.tripId, 'REACHED_LOADING', { reason: 'GPS_NOT_WORKING' });
    expect(res.status).toBe(200);
    const admin = await insertAdmin(t.db);
    const adminView = await t.call({ method: 'GET', url: `/api/admin/trips/${trip.tripId}`, token: admin.token });
    expect(adminView.body.data.trip.stageChecks).toEqual([
      expect.objectContaining({
        outcome: 'OVERRIDE',
        distanceKm: null,
        positionAt: null,
        override: expect.objectContaining({ reason: 'GPS_NOT_WORKING', noPosition: true, note: null }),
      }),
    ]);
  });
});
