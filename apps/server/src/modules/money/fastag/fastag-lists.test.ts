import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { getData, twoInstances, unannounced, until } from '../../../../test/two-instances.ts';
import { PAGE_MARK_STRIDE } from '../../../lib/page-marks.ts';
import { insertTag } from './fastag.test-helpers.ts';

let first: TestApp;
let second: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ first, second, close } = await twoInstances());
});
afterAll(async () => close());

const ROWS = 2 * PAGE_MARK_STRIDE + 63;

describe('deep pages of the Fastag lists seek from page marks and stay exact (ADR 172)', () => {
  it("pages a vehicle's transactions as the whole window in order, and again after a late toll lands in it", async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const vehicle = await insertVehicle(first.db, operatorId);
    const tagId = await insertTag(first.db, operatorId, vehicle.id);
    const now = Math.floor(Date.now() / 1000);
    // pairs share a time, so seq breaks ties; every seventh row is declined and every fifth a credit
    await first.database.sql.query(
      `INSERT INTO fastag_transactions (id, operator_id, tag_id, vehicle_id, kind, txn_type, status, amount_paisa, opening_balance_paisa,
         closing_balance_paisa, plaza, entry_id, occurred_at)
       SELECT 'FTL-' || g, $1, $2, $3, 'TOLL', CASE WHEN g % 5 = 0 THEN 'CREDIT' ELSE 'DEBIT' END,
         CASE WHEN g % 7 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 10000, 0, 0, 'Plaza', 'JE-' || g, to_timestamp($4) - (g / 2) * interval '1 minute'
       FROM generate_series(1, ${ROWS}) g`,
      [operatorId, tagId, vehicle.id, now - 60],
    );
    const window = `fromTime=${now - 30 * 86_400}&toTime=${now}`;
    const expected = async (type?: string) =>
      (
        await first.database.sql.query<{ id: string }>(
          `SELECT id FROM fastag_transactions WHERE vehicle_id = $1 AND status = 'SUCCESS' AND ($2::text IS NULL OR txn_type = $2)
           ORDER BY occurred_at DESC, seq DESC`,
          [vehicle.id, type ?? null],
        )
      ).rows.map((r) => r.id);
    const check = async (type?: string) => {
      const all = await expected(type);
      for (const [pageNo, size] of [
        [0, 20],
        [9, 20],
        [10, 20],
        [11, 19],
        [20, 20],
        [21, 20],
        [5, 90],
      ] as const) {
        const got = await getData<{ list: Array<{ txnId: string }>; totalCount: number }>(
          second,
          `/api/fastag/transactions/v3/${vehicle.id}?pageNo=${pageNo}&pageSize=${size}&${window}${type ? `&transactionType=${type}` : ''}`,
          owner.token,
        );
        expect(got.totalCount).toBe(all.length);
        expect(got.list.map((r) => r.txnId)).toEqual(all.slice(pageNo * size, pageNo * size + size));
      }
    };
    await check();
    await check('DEBIT');
    // another operator's call finds no such vehicle, on a deep page as on the first
    const other = await insertOperator(first.db);
    for (const pageNo of [0, 12]) {
      const refused = await second.inject({
        method: 'GET',
        url: `/api/fastag/transactions/v3/${vehicle.id}?pageNo=${pageNo}&pageSize=20&${window}`,
        headers: { token: other.owner.token },
      });
      expect(refused.statusCode).toBe(404);
    }
    // a late toll, older than every row in the window, moves every deep page by one
    await first.database.sql.query(
      `INSERT INTO fastag_transactions (id, operator_id, tag_id, vehicle_id, kind, txn_type, status, amount_paisa, opening_balance_paisa,
         closing_balance_paisa, plaza, entry_id, occurred_at)
       VALUES ('FTL-LATE', $1, $2, $3, 'TOLL', 'DEBIT', 'SUCCESS', 100, 0, 0, 'Plaza', 'JE-LATE', to_timestamp($4))`,
      [operatorId, tagId, vehicle.id, now - 86_400],
    );
    await check();
  });

  it('pages the tags list from its marks and sees tags added on another instance, only by announcement', async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const vehicle = await insertVehicle(first.db, operatorId);
    const tagId = await insertTag(first.db, operatorId, vehicle.id);
    const copies = (from: number, to: number) =>
      `INSERT INTO vehicles SELECT (jsonb_populate_record(v, jsonb_build_object('id', 'VL-' || g, 'number', 'ZZ' || lpad(g::text, 6, '0')))).*
         FROM vehicles v, generate_series(${from}, ${to}) g WHERE v.id = '${vehicle.id}';
       INSERT INTO fastags SELECT (jsonb_populate_record(f, jsonb_build_object('tag_id', 'TL-' || g, 'vehicle_id', 'VL-' || g,
         'barcode', 'BL-' || g))).* FROM fastags f, generate_series(${from}, ${to}) g WHERE f.tag_id = '${tagId}'`;
    await first.database.sql.exec(copies(1, ROWS));
    const numbers = (
      await first.database.sql.query<{ number: string }>(
        'SELECT v.number FROM fastags f JOIN vehicles v ON v.id = f.vehicle_id WHERE f.operator_id = $1 ORDER BY v.number',
        [operatorId],
      )
    ).rows.map((r) => r.number);
    const page = (pageNo: number, size = 20) =>
      getData<{ list: Array<{ vehicleNumber: string }>; totalCount: number }>(
        second,
        `/api/fastag/vehicleWiseTagAmount?pageNo=${pageNo}&pageSize=${size}`,
        owner.token,
      );
    for (const [pageNo, size] of [
      [0, 20],
      [10, 20],
      [19, 21],
      [23, 20],
    ] as const) {
      const got = await page(pageNo, size);
      expect(got.totalCount).toBe(ROWS + 1);
      expect(got.list.map((r) => r.vehicleNumber)).toEqual(numbers.slice(pageNo * size, pageNo * size + size));
    }

    // a tag added with the triggers off is not seen: the second instance answers from memory
    await unannounced(first, copies(ROWS + 1, ROWS + 1));
    expect((await page(0)).totalCount).toBe(ROWS + 1);
    // one added in SQL is announced; the last page shows both
    await first.database.sql.exec(copies(ROWS + 2, ROWS + 2));
    await until(
      () => page(0),
      (p) => p.totalCount === ROWS + 3,
      'an added tag',
    );
    const last = await page(23);
    expect(last.list.map((r) => r.vehicleNumber).slice(-2)).toEqual(['ZZ000464', 'ZZ000465']);
  });
});
