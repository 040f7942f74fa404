import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { trips } from '../../../db/schema/index.ts';
import { awardLoad } from './load-desk.service.ts';
import { buildLoadRequest } from './loads.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';
const point = (name: string, lat: number, lng: number, contact: { contactName?: string; contactPhone?: string }) => ({
  name,
  address: `${name}, test`,
  lat,
  lng,
  ...contact,
});

describe('a contact on every point (issue 48)', () => {
  it('refuses to publish a load whose point has no contact, or a bad contact number', async () => {
    const { user: owner } = await insertConsigner(t.db);
    const noContact = await t.call({
      method: 'POST',
      url: `${V1}/demand`,
      token: owner.token,
      payload: buildLoadRequest({ loadingPoints: [point('Sitapura', 26.78, 75.82, {})] }),
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.field).toBe('loadingPoints.0.contactName');
    expect(noContact.body.message).toMatch(/contact name/i);
    const badPhone = await t.call({
      method: 'POST',
      url: `${V1}/demand`,
      token: owner.token,
      payload: buildLoadRequest({ unloadingPoints: [point('Okhla', 28.53, 77.29, { contactName: 'Sanjay', contactPhone: '12345' })] }),
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('Enter a valid 10-digit Indian mobile number');
  });

  it('sends the loading code of a freshly posted load to the contact its poster gave', async () => {
    const { user: owner } = await insertConsigner(t.db);
    const loading = point('Sitapura Industrial Area', 26.78, 75.82, { contactName: 'Vikram Meena', contactPhone: '9829012345' });
    const unloading = point('Okhla Phase II', 28.53, 77.29, { contactName: 'Sanjay Arora', contactPhone: '9811122233' });
    const posted = await t.call({
      method: 'POST',
      url: `${V1}/demand`,
      token: owner.token,
      payload: buildLoadRequest({ loadingPoints: [loading], unloadingPoints: [unloading] }),
    });
    expect(posted.status).toBe(200);
    const demandId = posted.body.data.demandId as string;

    const op = await insertOperator(t.db);
    const tok = op.owner.token;
    expect((await t.call({ method: 'PUT', url: `${V1}/load/${demandId}/quote`, token: tok, payload: { value: 44000 } })).status).toBe(200);
    await awardLoad(t.db, demandId, new Date(Date.now() + 11 * 60_000));
    const vehicle = await insertVehicle(t.db, op.operatorId, { currentLat: 26.85, currentLng: 75.8 });
    await fundWallet(t.db, op.operatorId, 10_000_00);
    const details = { vehicleId: vehicle.id, driverName: 'Baldev Singh', driverNumber: '9812345678' };
    expect((await t.call({ method: 'POST', url: `${V1}/token/${demandId}/vehicle-details`, token: tok, payload: details })).status).toBe(
      200,
    );
    expect((await t.call({ method: 'POST', url: `${V1}/demand/${demandId}/initiate-token`, token: tok })).status).toBe(200);
    const paid = await t.call({ method: 'POST', url: `${V1}/token/${demandId}/pay-token`, token: tok });
    expect(paid.status).toBe(200);
    const tripId = paid.body.data.tripId as string;
    await t.db.update(trips).set({ state: 'REACHED_LOADING' }).where(eq(trips.id, tripId));

    const sent = await t.call({ method: 'POST', url: `${V1}/trip/otp`, token: tok, payload: { tripId, stage: 'LOADING' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.sentTo).toMatch(/2345$/);
    const sms = t.app.notifier.list(5000).filter((m) => m.kind === 'TRIP_STAGE_OTP' && m.to === '9829012345');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(tripId);
  });
});
