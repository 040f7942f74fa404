import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertVehicle } from '../../../../test/factories.ts';
import { getData, twoInstances, unannounced, until } from '../../../../test/two-instances.ts';
import { newId } from '../../../lib/ids.ts';
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
        // the same loads in the same order, each shown alike, the answers included (ADR 192)
        expect(kept.loads).toEqual(counted.loads);
      }
    }
    const now = await listLoads(first.db, operatorId, query, new Date(), first.app.tenantReads);
    expect(now.totalCount).toBe(22);
    const all = await listLoads(first.db, operatorId, { ...query, pageSize: 30 }, new Date(), first.app.tenantReads);
    expect(all.loads.find((l) => l.demandId === ids[21])?.consent).toBe('ACCEPTED');
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

  it("keeps each operator's answers and fleet and the rows it shows, and sees a change on another instance by announcement (ADR 192)", async () => {
    const { operatorId, owner } = await insertOperator(first.db);
    const { consignerCode } = await insertConsigner(first.db);
    const type = `Fit test ${newId('T', 4)}`;
    const [quoted, liked, refused] = [
      await insertLoad(first.db, consignerCode, { vehicleType: type }),
      await insertLoad(first.db, consignerCode),
      await insertLoad(first.db, consignerCode),
    ];
    type Page = { loads: Array<{ demandId: string; consent: string | null; vehicleMatch: boolean; material: string }> };
    const page = () => getData<Page>(second, '/api/rest/tesseract/v1/load?state-id=OPEN&pageSize=100', owner.token);
    const shown = (p: Page, id: string) => p.loads.find((l) => l.demandId === id);
    const before = await page();
    expect(shown(before, quoted.id)?.vehicleMatch).toBe(false);
    expect(shown(before, liked.id)?.consent).toBeNull();
    expect(shown(before, refused.id)).toBeDefined();

    // the operator's own actions, through the first instance
    const act = (url: string, payload: object) =>
      first.app.inject({ method: 'PUT', url, headers: { token: owner.token }, payload }).then((r) => expect(r.statusCode).toBe(200));
    await act(`/api/rest/tesseract/v1/load/${quoted.id}/quote`, { value: 45000 });
    await act(`/api/rest/tesseract/v1/load/${liked.id}/consent`, { loadConsent: 'ACCEPTED' });
    await act(`/api/rest/tesseract/v1/load/${refused.id}/consent`, { loadConsent: 'REJECTED' });
    await until(
      page,
      (p) => !shown(p, quoted.id) && shown(p, liked.id)?.consent === 'ACCEPTED' && !shown(p, refused.id),
      'a quote and two answers',
    );

    // a vehicle verified in SQL moves the fit of the loads it fits
    const fits = await insertLoad(first.db, consignerCode, { vehicleType: type });
    await until(page, (p) => shown(p, fits.id)?.vehicleMatch === false, 'a posted load');
    const vehicle = await insertVehicle(first.db, operatorId, { vehicleType: type, status: 'PENDING' });
    await first.database.sql.query(`UPDATE vehicles SET status = 'VERIFIED' WHERE id = $1`, [vehicle.id]);
    await until(page, (p) => shown(p, fits.id)?.vehicleMatch === true, 'a verified vehicle');

    // what a page shows is kept: a change made unannounced is not seen, the same change announced is
    await unannounced(first, `UPDATE demands SET material = 'Unannounced' WHERE id = '${fits.id}'`);
    expect(shown(await page(), fits.id)?.material).not.toBe('Unannounced');
    await first.database.sql.query(`UPDATE demands SET material = 'Announced' WHERE id = $1`, [fits.id]);
    await until(page, (p) => shown(p, fits.id)?.material === 'Announced', 'a changed load');
  });
});
