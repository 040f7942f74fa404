import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { insertOperator } from '../../../../test/factories.ts';
import { getData, twoInstances, unannounced, until } from '../../../../test/two-instances.ts';
import { PAGE_MARK_STRIDE } from '../../../lib/page-marks.ts';
import { insertTrip } from './trips.test-factory.ts';

let first: TestApp;
let second: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ first, second, close } = await twoInstances());
});
afterAll(async () => close());

interface TripPage {
  trips: Array<{ tripId: string; state: string }>;
  totalCount: number;
  totalPageCount: number;
}

describe("an operator's trips list keeps exact totals and deep pages while paging (ADR 172)", () => {
  it('answers every page as the whole list in order, and sees trips added and moved on another instance', async () => {
    const operator = await insertOperator(first.db);
    const { tripId } = await insertTrip(first.db, { operator });
    // more than two strides of trips; groups of three share a creation time, so the id breaks ties
    const extra = 2 * PAGE_MARK_STRIDE + 57;
    await first.database.sql.query(
      `INSERT INTO trips (id, demand_id, operator_id, consigner_code, vehicle_id, driver_name, driver_phone, state, origin_city,
         destination_city, loading_points, unloading_points, agreed_price_paisa, token_amount_paisa, created_at, updated_at)
       SELECT 'TRP-L' || lpad(g::text, 4, '0'), 'DEM-L' || g, t.operator_id, t.consigner_code, t.vehicle_id, t.driver_name, t.driver_phone,
         (ARRAY['ASSIGNED', 'COMPLETED', 'CANCELLED'])[1 + g % 3], t.origin_city, t.destination_city, t.loading_points,
         t.unloading_points, t.agreed_price_paisa, t.token_amount_paisa, now() - (g / 3) * interval '1 minute', now()
       FROM generate_series(1, ${extra}) g, trips t WHERE t.id = $1`,
      [tripId],
    );
    const expected = (
      await first.database.sql.query<{ id: string }>('SELECT id FROM trips WHERE operator_id = $1 ORDER BY created_at DESC, id DESC', [
        operator.operatorId,
      ])
    ).rows.map((r) => r.id);
    expect(expected).toHaveLength(extra + 1);

    const token = operator.owner.token;
    const page = (app: FastifyInstance, pageNo: number, pageSize = 20, filter = 'ALL') =>
      getData<TripPage>(app, `/api/rest/tesseract/v1/trip?filter=${filter}&pageNo=${pageNo}&pageSize=${pageSize}`, token);
    // pages on both sides of every mark, and the last, partial one
    for (const [pageNo, size] of [
      [0, 20],
      [9, 20],
      [10, 20],
      [19, 21],
      [21, 20],
      [22, 20],
      [6, 70],
    ] as const) {
      const got = await page(second, pageNo, size);
      expect(got.totalCount).toBe(extra + 1);
      expect(got.trips.map((t) => t.tripId)).toEqual(expected.slice(pageNo * size, pageNo * size + size));
    }

    // the second instance answers from memory: a change the database does not announce is not seen there
    // (trip L<g> starts ASSIGNED, COMPLETED or CANCELLED as g % 3 is 0, 1 or 2)
    await unannounced(first, `UPDATE trips SET state = 'CANCELLED' WHERE id = 'TRP-L0001'`);
    const cancelled = (await page(second, 0, 20, 'CANCELLED')).totalCount;
    await unannounced(first, `UPDATE trips SET state = 'ASSIGNED' WHERE id = 'TRP-L0002'`);
    expect((await page(second, 0, 20, 'CANCELLED')).totalCount).toBe(cancelled);

    // a trip moved in SQL and one added through the factory are announced, and every page follows
    await first.database.sql.query(`UPDATE trips SET state = 'ASSIGNED' WHERE id = 'TRP-L0005'`);
    await until(
      () => page(second, 0, 20, 'CANCELLED'),
      (p) => p.totalCount === cancelled - 2,
      'a moved trip',
    );
    const added = await insertTrip(first.db, { operator });
    const all = await until(
      () => page(second, 0),
      (p) => p.totalCount === extra + 2,
      'an added trip',
    );
    expect(all.trips[0]?.tripId).toBe(added.tripId);
    const deep = await page(second, 21);
    expect(deep.trips.map((t) => t.tripId)).toEqual([added.tripId, ...expected].slice(420, 440));
  });
});
