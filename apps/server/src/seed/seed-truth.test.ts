import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { tokenFor } from '../../test/factories.ts';
import { seedIfEmpty } from './seed.ts';

/** Issue 16 point 11: the demo data tells no impossible story, and its papers are real photos. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
  expect(await seedIfEmpty(t.db, { putFile: (key, body, type) => t.app.storage.put(key, body, type) })).toBe(true);
});
afterAll(async () => t.close());

const ACTIVE = `('ASSIGNED','REACHED_LOADING','LOADED','IN_TRANSIT','REACHED_UNLOADING')`;

describe('seed truth', () => {
  it('times no quote, quote event or load in the future', async () => {
    const q = async (sql: string) => Number((await t.database.sql.query<{ n: string | number }>(sql)).rows[0]!.n);
    expect(await q(`SELECT count(*) AS n FROM quotes`)).toBeGreaterThan(10);
    expect(await q(`SELECT count(*) AS n FROM quotes WHERE placed_at > now() OR created_at > now() OR updated_at > now()`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM quote_events WHERE created_at > now()`)).toBe(0);
    expect(await q(`SELECT count(*) AS n FROM demands WHERE created_at > now()`)).toBe(0);
    // and every quote was placed while its load took quotes
    expect(
      await q(
        `SELECT count(*) AS n FROM quotes q JOIN demands d ON d.id = q.demand_id WHERE q.placed_at > d.bidding_ends_at OR q.placed_at < d.created_at`,
      ),
    ).toBe(0);
  });

  it('puts no driver on two running trips at once', async () => {
    const { rows } = await t.database.sql.query<{ operator_id: string; driver_phone: string; n: string | number }>(
      `SELECT operator_id, driver_phone, count(*) AS n FROM trips WHERE state IN ${ACTIVE} GROUP BY operator_id, driver_phone HAVING count(*) > 1`,
    );
    expect(rows).toEqual([]);
    const running = await t.database.sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM trips WHERE state IN ${ACTIVE}`);
    expect(Number(running.rows[0]!.n)).toBeGreaterThan(5);
  });

  it('stores real JPEGs for the seeded PODs and biltis, which the admin review and the bilti view open', async () => {
    const { rows } = await t.database.sql.query<{ resource_key: string; doc_type: string }>(
      `SELECT resource_key, doc_type FROM trip_files WHERE doc_type IN ('POD','BILTI') AND has_file`,
    );
    expect(rows.filter((r) => r.doc_type === 'POD').length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.doc_type === 'BILTI').length).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      const head = await t.app.storage.read(r.resource_key, 3);
      expect([...(head ?? [])], r.resource_key).toEqual([0xff, 0xd8, 0xff]);
    }

    const admin = await tokenFor(t.db, 'USR-ADMIN');
    const { rows: submitted } = await t.database.sql.query<{ id: string }>(
      `SELECT id FROM trips WHERE state = 'POD_SUBMITTED' AND id LIKE 'TRP-DEMO%' LIMIT 1`,
    );
    const review = await t.call({ method: 'GET', url: `/api/admin/trips/${submitted[0]!.id}/pod`, token: admin });
    expect(review.status).toBe(200);
    const urls = JSON.stringify(review.body.data).match(/\/api\/files\/view\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThanOrEqual(2);
    const image = await t.app.inject({ method: 'GET', url: urls[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');
    expect(image.rawPayload.length).toBeGreaterThan(5_000);

    const operator = await tokenFor(t.db, 'USR-OP1001');
    const { rows: transit } = await t.database.sql.query<{ id: string }>(
      `SELECT id FROM trips WHERE state = 'IN_TRANSIT' AND operator_id = 'OP1001' AND id LIKE 'TRP-DEMO%' LIMIT 1`,
    );
    const bilti = await t.call({
      method: 'GET',
      url: `/api/rest/tesseract/v2/trip/document/${transit[0]!.id}/bilti/view-urls`,
      token: operator,
    });
    expect(bilti.body.data.urls).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: bilti.body.data.urls[0].url });
    expect(page.statusCode).toBe(200);
  });
});
