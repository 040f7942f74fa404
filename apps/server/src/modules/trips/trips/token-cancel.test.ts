import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { fundWallet, insertConsigner, insertOperator, insertSubordinate, insertVehicle } from '../../../../test/factories.ts';
import { demands, demandTokens as tokens, tripEvents, trips } from '../../../db/schema/index.ts';
import { awardLoad } from '../../marketplace/loads/load-desk.service.ts';
import { insertLoad } from '../../marketplace/loads/loads.test-helpers.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';

/**
 * The marketplace's token cancel ends the trip through the trip's own state rules (ADR 030):
 * the history gets its row, trip-transactions show the refund, and a trip past loading is refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

const V1 = '/api/rest/tesseract/v1';
const wallet = (operatorId: string) => balanceOf(t.db, accounts.operatorWallet(operatorId));
const escrow = (demandId: string) => balanceOf(t.db, accounts.tokenEscrow(demandId));

/** A ₹5,000 token paid for a load 72 h away; returns the trip the payment created. */
async function paidToken() {
  const { consignerCode } = await insertConsigner(t.db);
  const op = await insertOperator(t.db);
  const load = await insertLoad(t.db, consignerCode, { loadingInHours: 72 });
  await t.call({ method: 'PUT', url: `${V1}/load/${load.id}/quote`, token: op.owner.token, payload: { value: 44000 } });
  await awardLoad(t.db, load.id, new Date(Date.now() + 11 * 60_000));
  const vehicle = await insertVehicle(t.db, op.operatorId, { currentLat: 26.85, currentLng: 75.8 });
  await fundWallet(t.db, op.operatorId, 5_000_00);
  await t.call({
    method: 'POST',
    url: `${V1}/token/${load.id}/vehicle-details`,
    token: op.owner.token,
    payload: { vehicleId: vehicle.id, driverName: 'Baldev Singh', driverNumber: '9812345678' },
  });
  await t.call({ method: 'POST', url: `${V1}/demand/${load.id}/initiate-token`, token: op.owner.token });
  const paid = await t.call({ method: 'POST', url: `${V1}/token/${load.id}/pay-token`, token: op.owner.token });
  expect(paid.status).toBe(200);
  return { demandId: load.id as string, tripId: paid.body.data.tripId as string, op };
}

const tripState = async (id: string) => (await t.db.select({ state: trips.state }).from(trips).where(eq(trips.id, id)))[0]?.state;
const tokenStatus = async (demandId: string) =>
  (await t.db.select({ status: tokens.status }).from(tokens).where(eq(tokens.demandId, demandId)))[0]?.status;
const demandState = async (id: string) => (await t.db.select({ state: demands.state }).from(demands).where(eq(demands.id, id)))[0]?.state;

describe('token cancel through the trip rules', () => {
  it('cancels an assigned trip with a history row, and trip-transactions show the refund', async () => {
    const { demandId, tripId, op } = await paidToken();
    const res = await t.call({ method: 'POST', url: `${V1}/token/${demandId}/cancel`, token: op.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'CANCELLED', refundAmount: 5000, keptAmount: 0 });
    expect(await tripState(tripId)).toBe('CANCELLED');
    const events = await t.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.tripId, tripId), eq(tripEvents.toState, 'CANCELLED')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromState: 'ASSIGNED', actorKind: 'OPERATOR' });

    const money = await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-transactions?tripId=${tripId}`, token: op.owner.token });
    expect(money.status).toBe(200);
    expect(money.body.data.transactions.find((x: { kind: string }) => x.kind === 'TOKEN')).toMatchObject({ status: 'PAID' });
    expect(await wallet(op.operatorId)).toBe(5_000_00);
    expect(await escrow(demandId)).toBe(0);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses once the trip is loaded, and nothing changes', async () => {
    const { demandId, tripId, op } = await paidToken();
    await t.db.update(trips).set({ state: 'LOADED' }).where(eq(trips.id, tripId));
    const before = { wallet: await wallet(op.operatorId), escrow: await escrow(demandId), demand: await demandState(demandId) };
    const res = await t.call({ method: 'POST', url: `${V1}/token/${demandId}/cancel`, token: op.owner.token });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('TRIP_NOT_CANCELLABLE');
    expect(await tripState(tripId)).toBe('LOADED');
    expect(await tokenStatus(demandId)).toBe('PAID');
    expect({ wallet: await wallet(op.operatorId), escrow: await escrow(demandId), demand: await demandState(demandId) }).toEqual(before);
    const events = await t.db.select().from(tripEvents).where(eq(tripEvents.tripId, tripId));
    expect(events.filter((e) => e.toState === 'CANCELLED')).toHaveLength(0);
  });

  it('a trip already cancelled from the trip screen is not refunded a second time', async () => {
    const { demandId, tripId, op } = await paidToken();
    const viaTrip = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${tripId}/cancel`,
      token: op.owner.token,
      payload: { reasonCode: 'OTHER' },
    });
    expect(viaTrip.status).toBe(200);
    const afterTrip = await wallet(op.operatorId);
    const viaToken = await t.call({ method: 'POST', url: `${V1}/token/${demandId}/cancel`, token: op.owner.token });
    expect(viaToken.status).toBe(422);
    expect(await wallet(op.operatorId)).toBe(afterTrip);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a sub-user refused the token cancel cannot refund the token by cancelling the trip either', async () => {
    const { demandId, tripId, op } = await paidToken();
    const dispatcher = await insertSubordinate(t.db, op.operatorId, ['TRIPS_VIEW', 'TRIPS_MANAGE', 'LOADS_VIEW']);
    const before = await wallet(op.operatorId);
    const viaToken = await t.call({ method: 'POST', url: `${V1}/token/${demandId}/cancel`, token: dispatcher.token });
    expect(viaToken.status).toBe(403);
    const viaTrip = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${tripId}/cancel`,
      token: dispatcher.token,
      payload: { reasonCode: 'OTHER' },
    });
    expect(viaTrip.status).toBe(403);
    expect(await tripState(tripId)).toBe('ASSIGNED');
    expect(await wallet(op.operatorId)).toBe(before);
    const allowed = await insertSubordinate(t.db, op.operatorId, ['TRIPS_VIEW', 'TRIPS_MANAGE', 'TOKENS_CANCEL']);
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/rest/tesseract/v2/trip/${tripId}/cancel`,
      token: allowed.token,
      payload: { reasonCode: 'OTHER' },
    });
    expect(cancelled.status).toBe(200);
  });
});
