import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';
import { checkLedger } from '../../money/ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => t.close());

const values = async (query: string) =>
  ((await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ v: string }> }).rows.map((r) => r.v).sort();

describe('operations demo data', () => {
  it('has vehicles scheduled in every state, collections in every mode and status, dockets with e-way bills, and a clean ledger', async () => {
    expect(await values('select distinct state as v from scheduled_vehicles')).toEqual([
      'IN_TRANSIT',
      'LOADED',
      'REACHED',
      'REPORTED',
      'SCHEDULED',
      'UNLOADED',
    ]);
    expect(await values('select distinct mode as v from collections')).toEqual(['BANK_TRANSFER', 'CASH', 'CHEQUE', 'UPI']);
    expect(await values('select distinct status as v from collections')).toEqual(['COLLECTED', 'FAILED', 'PENDING']);
    expect((await values('select eway_bill_number as v from dockets')).every((v) => /^\d{12}$/.test(v))).toBe(true);
    expect(await values('select distinct c.city as v from consignees c')).toHaveLength(6);
    expect((await checkLedger(t.db)).ok).toBe(true);

    const admin = await tokenFor(t.db, 'USR-ADMIN');
    const map = await t.call({ method: 'GET', url: '/api/vehicle/aggregatedMapDataForSchedule?zoom=4', token: admin });
    const counts = await t.call({ method: 'GET', url: '/api/vehicle/scheduledCounts', token: admin });
    expect(map.body.data.total).toBe(counts.body.data.total);
    expect(map.body.data.clusters.length).toBeLessThan(map.body.data.total);

    const consigner = await tokenFor(t.db, 'USR-CN2001');
    const report = await t.call({ method: 'GET', url: '/api/data/getVehicleByOperatorReport', token: consigner });
    expect(report.body.data).toMatchObject({ status: 'MAILED', email: 'vikram@cn2001.example.in' });
  });
});
