import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness/index.ts';
import { roadDistanceKm } from '../../../lib/geo.ts';
import { insertTrip } from '../trips/trips.test-factory.ts';

// Issue 48 §4, ADR 270: one truck put somewhere through the tracking intake; the screens answer the same place.
const ctx = useTestApp();
const AHMEDABAD_GATE = { lat: 23.0225, lng: 72.5714 };
const OKHLA_DEPOT = { lat: 28.5355, lng: 77.291 };

describe('one truth for where a truck is', () => {
  it('the consigner vehicles page and tracking read the same latest position and distance', async () => {
    const { t } = ctx;
    const trip = await insertTrip(t.db, { state: 'IN_TRANSIT' });
    const token = trip.operator.owner.token;
    const dev = await t.call({
      method: 'POST',
      url: '/api/tracking/devices',
      token,
      payload: { vehicleId: trip.vehicle.id, label: 'GPS' },
    });
    const id = dev.body.data.identifier as string;
    const ts = Math.floor(Date.now() / 1000) - 20;
    const sent = await t.app.inject({
      method: 'GET',
      url: `/api/tracking/osmand?id=${id}&lat=${AHMEDABAD_GATE.lat}&lon=${AHMEDABAD_GATE.lng}&timestamp=${ts}`,
    });
    expect(sent.statusCode).toBe(200);

    const consigner = await t.call({ method: 'GET', url: '/api/vehicle/getConsignerVehicles', token: trip.consigner.user.token });
    expect(consigner.status).toBe(200);
    const row = consigner.body.data.list.find((v: { vId: string }) => v.vId === trip.vehicle.id);
    expect(row.lastLocation).toMatchObject(AHMEDABAD_GATE);
    // the registration place name is dropped: the truck is not near where it was named
    expect(row.lastLocation.city).not.toBe('Kolkata');

    const tracking = await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${trip.tripId}/tracking?state=IN_TRANSIT`, token });
    expect(tracking.body.data.current).toMatchObject(AHMEDABAD_GATE);
    expect(tracking.body.data.distanceLeftKm).toBe(roadDistanceKm(AHMEDABAD_GATE, OKHLA_DEPOT));
  });
});
