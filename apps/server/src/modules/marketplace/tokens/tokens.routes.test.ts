import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertConsigner, insertDriver, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { consignments, demands, journalEntries, scheduledVehicles, trips } from '../../../db/schema/index.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { awardLoad } from '../loads/load-desk.service.ts';
import { insertLoad } from '../loads/loads.test-helpers.ts';
import { refundFor } from './tokens.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';
const wallet = (operatorId: string) => balanceOf(t.db, accounts.operatorWallet(operatorId));
const escrow = (demandId: string) => balanceOf(t.db, accounts.tokenEscrow(demandId));

/** A load won by operator 2 over operator 1 (token ₹5,000), with a fitting vehicle near the loading point. */
async function wonLoad(opts: { loadingInHours?: number } = {}) {
  const { consignerCode } = await insertConsigner(t.db);
  const one = await insertOperator(t.db);
  const two = await insertOperator(t.db);
  const load = await insertLoad(t.db, consignerCode, { loadingInHours: opts.loadingInHours ?? 72 });
  const quote = (token: string, value: number) => t.call({ method: 'PUT', url: `${V1}/load/${load.id}/quote`, token, payload: { value } });
  await quote(one.owner.token, 46000);
  await quote(two.owner.token, 44000);
  await awardLoad(t.db, load.id, new Date(Date.now() + 11 * 60_000));
  const near = await insertVehicle(t.db, two.operatorId, { currentLat: 26.85, currentLng: 75.8 });
  const far = await insertVehicle(t.db, two.operatorId, { currentLat: 19.07, currentLng: 72.87, currentCity: 'Mumbai' });
  const open = await insertVehicle(t.db, two.operatorId, { bodyType: 'OPEN', vehicleType: '12 Tyre Open' });
  return { load, one, two, near, far, open };
}

async function readyToPay(token: string, demandId: string, vehicleId: string) {
  const saved = await t.call({
    method: 'POST',
    url: `${V1}/token/${demandId}/vehicle-details`,
    token,
    payload: { vehicleId, driverName: 'Baldev Singh', driverNumber: '9812345678' },
  });
  expect(saved.status).toBe(200);
  const initiated = await t.call({ method: 'POST', url: `${V1}/demand/${demandId}/initiate-token`, token });
  expect(initiated.body.data.status).toBe('INITIATED');
}

describe('token confirmation', () => {
  it('the winner picks a vehicle and a driver, pays from its wallet and gets a trip', async () => {
    const { load, one, two, near, far, open } = await wonLoad();
    const tok = two.owner.token;

    const vehicles = await t.call({ method: 'GET', url: `${V1}/demand/${load.id}/vehicles`, token: tok });
    expect(vehicles.body.data.map((v: { vehicleId: string }) => v.vehicleId)).toEqual([near.id, far.id]);
    expect(vehicles.body.data[0].vehicleProximityWarning).toBe(false);
    expect(vehicles.body.data[1].vehicleProximityWarning).toBe(true);
    const oneVehicle = await t.call({ method: 'GET', url: `${V1}/vehicle/${far.id}?demandId=${load.id}`, token: tok });
    expect(oneVehicle.body.data).toMatchObject({ vehicleNumber: far.number, vehicleProximityWarning: true, tonnage: 25 });

    const driver = await insertDriver(t.db, two.operatorId, 'Suresh Gurjar');
    const phonebook = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/phonebook-driver-info`, token: tok });
    expect(phonebook.body.data).toContainEqual({
      driverId: driver.id,
      driverName: 'Suresh Gurjar',
      driverNumber: driver.phone,
      busyTripId: null,
    });

    const wrongBody = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/vehicle-details`,
      token: tok,
      payload: { vehicleId: open.id, driverName: 'Baldev Singh', driverNumber: '9812345678' },
    });
    expect(wrongBody.status).toBe(400);
    expect(wrongBody.body.field).toBe('vehicleId');
    const badPhone = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/vehicle-details`,
      token: tok,
      payload: { vehicleId: near.id, driverName: 'Baldev Singh', driverNumber: '12345' },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.field).toBe('driverNumber');
    expect((await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: tok })).body.errorCode).toBe(
      'TOKEN_DETAILS_MISSING',
    );

    await readyToPay(tok, load.id, near.id);
    const broke = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: tok });
    expect(broke.status).toBe(400);
    expect(broke.body).toMatchObject({
      errorCode: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient wallet balance. Please add money to your wallet.',
    });
    expect(await t.db.select().from(trips).where(eq(trips.demandId, load.id))).toEqual([]);

    await fundWallet(t.db, two.operatorId, 20_000_00);
    const details = await t.call({ method: 'GET', url: `${V1}/demand/${load.id}/token-details`, token: tok });
    expect(details.body.data).toMatchObject({
      tokenAmount: 5000,
      opQuote: 44000,
      walletBalance: 20000,
      balanceAfterToken: 15000,
      canPay: true,
    });

    const paid = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/pay-token`,
      token: tok,
      headers: { 'idempotency-key': 'pay-1' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'PAID', tokenAmount: 5000, balanceInPaisa: 15_000_00 });
    const tripId = paid.body.data.tripId;
    expect(await wallet(two.operatorId)).toBe(15_000_00);
    expect(await escrow(load.id)).toBe(5_000_00);
    const [trip] = await t.db.select().from(trips).where(eq(trips.id, tripId));
    expect(trip).toMatchObject({
      demandId: load.id,
      operatorId: two.operatorId,
      vehicleId: near.id,
      driverPhone: '9812345678',
      state: 'ASSIGNED',
      agreedPricePaisa: 44_000_00,
    });
    const [demand] = await t.db.select({ state: demands.state, tripId: demands.tripId }).from(demands).where(eq(demands.id, load.id));
    expect(demand).toEqual({ state: 'CONFIRMED', tripId });
    // operations: the confirmed load is a consignment with its vehicle scheduled for loading
    const [consignment] = await t.db.select().from(consignments).where(eq(consignments.tripId, tripId));
    expect(consignment).toMatchObject({ consignerCode: trip?.consignerCode, freightPaisa: trip?.agreedPricePaisa });
    const scheduled = await t.db.select().from(scheduledVehicles).where(eq(scheduledVehicles.consignmentId, consignment!.id));
    expect(scheduled).toMatchObject([{ state: 'SCHEDULED', vehicleId: trip?.vehicleId }]);

    const again = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/pay-token`,
      token: tok,
      headers: { 'idempotency-key': 'pay-1' },
    });
    expect(again.body.data).toEqual(paid.body.data);
    const otherKey = await t.call({
      method: 'POST',
      url: `${V1}/token/${load.id}/pay-token`,
      token: tok,
      headers: { 'idempotency-key': 'pay-2' },
    });
    expect(otherKey.body.data.tripId).toBe(tripId);
    expect(await wallet(two.operatorId)).toBe(15_000_00);
    // the trip has its driver: the driver's link is texted once, however often the payment is replayed (issue 49)
    const links = t.app.notifier.list(5000).filter((m) => m.to === '9812345678' && m.kind === 'DRIVER_LINK');
    expect(links).toHaveLength(1);
    const token = links[0]!.text.match(/\/d\/([A-Za-z0-9_-]+\.[0-9a-f]+)/)?.[1];
    const opened = await t.call({ method: 'GET', url: `/api/driver/${token}/trip` });
    expect(opened.body.data).toMatchObject({ tripId, state: 'ASSIGNED' });

    const confirmation = await t.call({ method: 'GET', url: `${V1}/token-detail?demandId=${load.id}`, token: tok });
    expect(confirmation.body.data).toMatchObject({
      laneName: 'Jaipur → Delhi',
      tokenAmount: 5000,
      status: 'PAID',
      opQuote: 44000,
      tripId,
      vehicleProximityWarning: false,
      contact: { driverName: 'Baldev Singh', driverNumber: '9812345678' },
    });
    expect(confirmation.body.data.vehicles[0].vehicleId).toBe(near.id);
    expect(confirmation.body.data.loadingTimeRemaining).toBeGreaterThan(70 * 3600);

    // operator 1 reaches none of it
    for (const url of [
      `${V1}/token?demandId=${load.id}`,
      `${V1}/token-detail?demandId=${load.id}`,
      `${V1}/demand/${load.id}/token-details`,
      `${V1}/demand/${load.id}/vehicles`,
      `${V1}/token/${load.id}/phonebook-driver-info`,
      `${V1}/vehicle/${near.id}`,
    ]) {
      const res = await t.call({ method: 'GET', url, token: one.owner.token });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(tripId);
    }
    const steal = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/cancel`, token: one.owner.token });
    expect(steal.status).toBe(404);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('two concurrent payments of one token debit once', async () => {
    const { load, two, near } = await wonLoad();
    await fundWallet(t.db, two.operatorId, 12_000_00);
    await readyToPay(two.owner.token, load.id, near.id);
    const pay = (key?: string) =>
      t.call({
        method: 'POST',
        url: `${V1}/token/${load.id}/pay-token`,
        token: two.owner.token,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const results = await Promise.all([pay(), pay(), pay('k-a'), pay('k-b')]);
    for (const r of results) expect(r.status).toBe(200);
    expect(new Set(results.map((r) => r.body.data.tripId)).size).toBe(1);
    expect(await wallet(two.operatorId)).toBe(7_000_00);
    const entries = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'TOKEN_PAYMENT'), eq(journalEntries.referenceId, load.id)));
    expect(entries).toHaveLength(1);
  });

  it('a subordinate needs the token permissions', async () => {
    const { load, two } = await wonLoad();
    const viewer = await insertSubordinate(t.db, two.operatorId, ['LOADS_VIEW']);
    expect((await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: viewer.token })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: `${V1}/token/${load.id}/cancel`, token: viewer.token })).status).toBe(403);
  });
});

describe('token cancel', () => {
  it('refunds in full well before loading, exactly once', async () => {
    const { load, two, near } = await wonLoad({ loadingInHours: 72 });
    await fundWallet(t.db, two.operatorId, 10_000_00);
    await readyToPay(two.owner.token, load.id, near.id);
    const paid = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: two.owner.token });
    expect(await wallet(two.operatorId)).toBe(5_000_00);
    const preview = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/cancel-preview`, token: two.owner.token });
    expect(preview.body.data).toMatchObject({ allowed: true, refundAmount: 5000, keptAmount: 0, rule: 'FULL' });

    const cancel = (key?: string) =>
      t.call({
        method: 'POST',
        url: `${V1}/token/${load.id}/cancel`,
        token: two.owner.token,
        headers: key ? { 'idempotency-key': key } : {},
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect(first.body.data).toMatchObject({ status: 'CANCELLED', refundAmount: 5000, keptAmount: 0, balanceInPaisa: 10_000_00 });
    expect(second.body.data).toEqual(first.body.data);
    const third = await cancel('another-key');
    expect(third.body.data).toMatchObject({ status: 'CANCELLED', refundAmount: 5000 });
    expect(await wallet(two.operatorId)).toBe(10_000_00);
    expect(await escrow(load.id)).toBe(0);
    const [trip] = await t.db.select({ state: trips.state }).from(trips).where(eq(trips.id, paid.body.data.tripId));
    expect(trip!.state).toBe('CANCELLED');
    const [demand] = await t.db.select({ state: demands.state }).from(demands).where(eq(demands.id, load.id));
    expect(demand!.state).toBe('CANCELLED');
    const refunds = await t.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'TOKEN_CANCEL'), eq(journalEntries.referenceId, load.id)));
    expect(refunds).toHaveLength(1);
  });

  it('keeps half within 24 h of loading, as platform revenue', async () => {
    const { load, two, near } = await wonLoad({ loadingInHours: 5 });
    await fundWallet(t.db, two.operatorId, 5_000_00);
    await readyToPay(two.owner.token, load.id, near.id);
    const unpaid = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/cancel-preview`, token: two.owner.token });
    expect(unpaid.body.data).toMatchObject({ allowed: false, refundAmount: 0, rule: 'NONE' });
    await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: two.owner.token });
    // the preview shows what the cancel then pays, and moves nothing
    const preview = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/cancel-preview`, token: two.owner.token });
    expect(preview.body.data).toEqual({ allowed: true, tokenAmount: 5000, refundAmount: 2500, keptAmount: 2500, rule: 'LATE' });
    expect(await wallet(two.operatorId)).toBe(0);
    const revenueBefore = await balanceOf(t.db, accounts.platformRevenue);
    const res = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/cancel`, token: two.owner.token });
    expect(res.body.data).toMatchObject({ refundAmount: 2500, keptAmount: 2500, balanceInPaisa: 2_500_00 });
    expect(await balanceOf(t.db, accounts.platformRevenue)).toBe(revenueBefore + 2_500_00);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses to cancel an unpaid token and applies the policy boundaries', async () => {
    const { load, two } = await wonLoad();
    const res = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/cancel`, token: two.owner.token });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('TOKEN_NOT_PAID');
    const loading = new Date('2026-12-10T10:00:00Z');
    expect(refundFor(5_000_01, loading, false, new Date('2026-12-09T10:00:00Z'))).toBe(5_000_01);
    expect(refundFor(5_000_01, loading, false, new Date('2026-12-09T10:00:01Z'))).toBe(2_500_00);
    expect(refundFor(5_000_01, loading, true, new Date('2026-12-01T10:00:00Z'))).toBe(0);
  });
});

describe('shared fleet load confirmation (ADR 142)', () => {
  it('a signed link shows that load only, without a session, and stops at its expiry or any edit', async () => {
    const { load, one, two, near } = await wonLoad();
    await fundWallet(t.db, two.operatorId, 10_000_00);
    await readyToPay(two.owner.token, load.id, near.id);
    await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: two.owner.token });

    // only the winner can make a link; the loser gets 404
    expect((await t.call({ method: 'GET', url: `${V1}/token/${load.id}/share-link`, token: one.owner.token })).status).toBe(404);
    const made = await t.call({ method: 'GET', url: `${V1}/token/${load.id}/share-link`, token: two.owner.token });
    expect(made.status).toBe(200);
    const link = new URL(made.body.data.path, 'http://x');
    expect(link.pathname).toBe('/public/fleet-load-confirmation');
    const q = Object.fromEntries(link.searchParams) as { demandId: string; exp: string; sig: string };
    expect(Number(q.exp) * 1000 - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const open = (params: Record<string, string>) =>
      t.call({ method: 'GET', url: `/api/public/fleet-load-confirmation?${new URLSearchParams(params)}` });
    const shown = await open(q);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ demandId: load.id, status: 'PAID', contact: { driverName: 'Baldev Singh' } });
    expect(shown.body.data.vehicles).toEqual([{ vehicleNumber: near.number, vehicleType: expect.any(String) }]);
    // the operator's price and wallet stay private
    expect(JSON.stringify(shown.body.data)).not.toMatch(/opQuote|walletBalance|44000/);

    // another load with the same signature, a later expiry or a bent signature: refused
    const other = await wonLoad();
    expect((await open({ ...q, demandId: other.load.id })).status).toBe(404);
    expect((await open({ ...q, exp: String(Number(q.exp) + 60) })).status).toBe(404);
    expect((await open({ ...q, sig: `${q.sig.slice(0, -1)}${q.sig.endsWith('0') ? '1' : '0'}` })).status).toBe(404);
    expect((await open({ demandId: q.demandId })).status).toBe(400);

    // a link signed for a time already past says it expired
    const { shareLink } = await import('./tokens.service.ts');
    const old = await shareLink(t.db, t.config.APP_SECRET!, two.operatorId, load.id, new Date(Date.now() - 8 * 86_400_000));
    const expired = await open(Object.fromEntries(new URL(old.path, 'http://x').searchParams));
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This link has expired. Ask the operator for a new one.');
  });
});
