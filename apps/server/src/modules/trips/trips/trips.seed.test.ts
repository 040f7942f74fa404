import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';
import { seedIfEmpty } from '../../../seed/seed.ts';
import { checkLedger } from '../../money/ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(async () => t.close());

describe('demo trips', () => {
  it('seeds trips in every state with positions, expenses, invoices and PODs, and the ledger balances', async () => {
    expect(await seedIfEmpty(t.db)).toBe(true);
    const { rows } = await t.database.sql.query<{ state: string }>(
      `SELECT DISTINCT state FROM trips WHERE operator_id = 'OP1001' AND id LIKE 'TRP-DEMO%'`,
    );
    expect(rows.map((r) => r.state).sort()).toEqual(
      [
        'ASSIGNED',
        'CANCELLED',
        'COMPLETED',
        'IN_TRANSIT',
        'LOADED',
        'POD_REJECTED',
        'POD_SUBMITTED',
        'POD_VERIFIED',
        'REACHED_LOADING',
        'REACHED_UNLOADING',
        'UNLOADED',
      ].sort(),
    );
    expect((await checkLedger(t.db)).ok).toBe(true);
    const token = await tokenFor(t.db, 'USR-OP1001');
    const list = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/trip?filter=ALL&pageSize=50', token });
    expect(list.body.data.totalCount).toBeGreaterThanOrEqual(11);
    const transit = list.body.data.trips.find(
      (x: { state: string; tripId: string }) => x.state === 'IN_TRANSIT' && x.tripId.startsWith('TRP-DEMO'),
    );
    const tracking = await t.call({ method: 'GET', url: `/api/rest/tesseract/v2/trip/${transit.tripId}/tracking`, token });
    expect(tracking.status).toBe(200);
    expect(tracking.body.data.path.length).toBeGreaterThan(5);
    const done = list.body.data.trips.find(
      (x: { state: string; tripId: string }) => x.state === 'COMPLETED' && x.tripId.startsWith('TRP-DEMO'),
    );
    const money = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-transactions?tripId=${done.tripId}`, token })).body.data;
    expect(money.paidInPaisa).toBe(money.totalPayableInPaisa);
    const pods = (await t.call({ method: 'GET', url: `/api/odin/operator-app/trip-pod-details?tripId=${done.tripId}`, token })).body.data;
    expect(pods.pods).toHaveLength(2);
    // seeded PODs are real photos (issue 16 point 11): the operator gets a link to view each
    expect(pods.pods[0].docViewUrl).toMatch(/^\/api\/files\/view\/pod\//);

    // the demo consigner's Trips screen: paid in full, part-paid (an advance) and unpaid trips
    const consigner = await tokenFor(t.db, 'USR-CN2001');
    const owed = (await t.call({ method: 'GET', url: '/api/consigner/balance/trip', token: consigner })).body.data as {
      balances: Array<{ state: string; paidInPaisa: number; balanceInPaisa: number }>;
    };
    const byState = (state: string) => owed.balances.find((b) => b.state === state);
    expect(byState('POD_VERIFIED')).toMatchObject({ balanceInPaisa: 0, paidInPaisa: expect.any(Number) });
    expect(byState('POD_VERIFIED')?.paidInPaisa).toBeGreaterThan(0);
    expect(byState('IN_TRANSIT')?.paidInPaisa).toBeGreaterThan(0);
    expect(byState('IN_TRANSIT')?.balanceInPaisa).toBeGreaterThan(0);
    expect(byState('ASSIGNED')?.paidInPaisa).toBe(0);
  });
});
