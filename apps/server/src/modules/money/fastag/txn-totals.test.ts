import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { deliverToll, fundTag, insertTag, tollEvent } from './fastag.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a vehicle transactions list keeps its totals exact while paging (ADR 154)', () => {
  it('counts once per window, and again as soon as a toll lands in it', async () => {
    const { operatorId, owner } = await insertOperator(t.db);
    const vehicle = await insertVehicle(t.db, operatorId);
    const tagId = await insertTag(t.db, operatorId, vehicle.id);
    await fundTag(t.db, tagId, 1_000_000);
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 5; i++) {
      const crossedAt = new Date((now - 3600 + i * 60) * 1000).toISOString();
      expect((await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 10_000, crossedAt })))).status).toBe(200);
    }
    // the window a screen keeps while paging: the same fromTime and toTime on every page
    const window = `fromTime=${now - 86_400}&toTime=${now + 3600}`;
    const page = async (pageNo: number, extra = '') => {
      const res = await t.call({
        method: 'GET',
        url: `/api/fastag/transactions/v3/${vehicle.id}?pageNo=${pageNo}&pageSize=2&${window}${extra}`,
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return res.body.data as { list: Array<{ time: string }>; totalCount: number };
    };
    const first = await page(0);
    expect(first.totalCount).toBe(5);
    expect(first.list).toHaveLength(2);
    const third = await page(2);
    expect(third.totalCount).toBe(5);
    expect(third.list).toHaveLength(1);
    // newest first across pages, as before the page-skipping change
    expect(first.list[0]!.time > first.list[1]!.time).toBe(true);
    expect(first.list[1]!.time > third.list[0]!.time).toBe(true);

    // a late toll inside the window, older than every row shown: the total moves at once
    const late = new Date((now - 7200) * 1000).toISOString();
    expect((await deliverToll(t, JSON.stringify(tollEvent(tagId, { amount: 10_000, crossedAt: late })))).status).toBe(200);
    expect((await page(0)).totalCount).toBe(6);
    expect((await page(2)).list).toHaveLength(2);
    // a reversal (a credit) lands in the other direction's total
    const credit = new Date((now - 60) * 1000).toISOString();
    expect((await deliverToll(t, JSON.stringify(tollEvent(tagId, { type: 'CREDIT', amount: 10_000, crossedAt: credit })))).status).toBe(
      200,
    );
    expect((await page(0)).totalCount).toBe(7);
    expect((await page(0, '&transactionType=DEBIT')).totalCount).toBe(6);
    expect((await page(0, '&transactionType=CREDIT')).totalCount).toBe(1);
  });
});
