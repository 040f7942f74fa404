import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { insertConsigner, insertOperator, insertVehicle } from '../../../test/factories.ts';
import { getData, twoInstances, unannounced, until } from '../../../test/two-instances.ts';
import { newId } from '../../lib/ids.ts';
import { listLoads } from './loads.service.ts';
import { DELHI, insertLoad, JAIPUR, MUMBAI } from './loads.test-helpers.ts';

let first: TestApp;
let second: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ first, second, close } = await twoInstances());
});
afterAll(async () => close());

const MINUTE = 60_000;

describe('the OPEN tab counted from the open loads each process keeps (ADR 173)', () => {
  it('answers what the per-request count answers, at any clock, less the loads this operator answered', async () => {
    const { operatorId } = await insertOperator(first.db);
    await insertVehicle(first.db, operatorId, { currentLat: DELHI.lat, currentLng: DELHI.lng });
    const { consignerCode } = await insertConsigner(first.db);
    const places = [JAIPUR, DELHI, MUMBAI];
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const at = places[i % 3]!;
      const load = await insertLoad(first.db, consignerCode, {
        originCity: at.city,
        originLat: at.lat,
        originLng: at.lng,
        bodyType: i % 2 ? 'OPEN' : 'CONTAINER',
        endsInMinutes: 5 + i * 5,
      });
      ids.push(load.id);
    }
    // a quote, a refusal and an acceptance (which keeps the load on the tab)
    await first.database.sql.query(
      `INSERT INTO quotes (demand_id, operator_id, amount_paisa, placed_at, user_code) VALUES ($1, $2, 100000, now(), 'U')`,
      [ids[3], operatorId],
    );
    await first.database.sql.query(
      `INSERT INTO demand_responses (demand_id, operator_id, consent, user_code) VALUES ($1, $2, 'REJECTED', 'U'), ($3, $2, 'ACCEPTED', 'U')`,
      [ids[20], operatorId, ids[21]],
    );
    const query = { 'state-id': 'OPEN' as const, pageNo: 0, pageSize: 7 };
    for (const ahead of [0, 12, 33, 200]) {
      const now = new Date(Date.now() + ahead * MINUTE);
      for (const pageNo of [0, 1, 2]) {
        const kept = await listLoads(first.db, operatorId, { ...query, pageNo }, now, first.app.tenantReads);
        const counted = await listLoads(first.db, operatorId, { ...query, pageNo }, now);
        expect(kept.totalCount).toBe(counted.totalCount);
        expect(kept.loads.map((l) => l.demandId)).toEqual(counted.loads.map((l) => l.demandId));
      }
    }
    const now = await listLoads(first.db, operatorId, query, new Date(), first.app.tenantReads);
    expect(now.totalCount).toBe(22);
  });

  it('sees a load posted or closed on another instance, and only by announcement', async () => {
    const { owner } = await insertOperator(first.db);
    const { consignerCode } = await insertConsigner(first.db);
    const total = () => getData<{ totalCount: number }>(second, '/api/rest/tesseract/v1/load?state-id=OPEN', owner.token);
    const before = (await total()).totalCount;

    await insertLoad(first.db, consignerCode);
    await until(total, (p) => p.totalCount === before + 1, 'a posted load');

    // a load copied in with the triggers off is not seen: the second instance answers from memory
    await unannounced(
      first,
      `INSERT INTO demands (id, consigner_code, posted_by, state, origin_city, origin_lat, origin_lng, destination_city, destination_lat,
         destination_lng, distance_km, loading_points, unloading_points, vehicle_type, body_type, tyre_count, tonnage, length_feet,
         material, loading_at, bidding_ends_at, token_amount_paisa, rank_salt)
       SELECT '${newId('DM', 8)}', consigner_code, posted_by, state, origin_city, origin_lat, origin_lng, destination_city, destination_lat,
         destination_lng, distance_km, loading_points, unloading_points, vehicle_type, body_type, tyre_count, tonnage, length_feet,
         material, loading_at, bidding_ends_at, token_amount_paisa, rank_salt FROM demands WHERE consigner_code = '${consignerCode}'`,
    );
    expect((await total()).totalCount).toBe(before + 1);

    // closing both in SQL is announced
    await first.database.sql.query(`UPDATE demands SET state = 'CANCELLED' WHERE consigner_code = $1`, [consignerCode]);
    await until(total, (p) => p.totalCount === before, 'two closed loads');
  });
});
