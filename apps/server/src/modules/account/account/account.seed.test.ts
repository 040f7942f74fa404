import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => t.close());

describe('account demo data', () => {
  it('gives the demo operators valid compliance details, OP1003 a declaration in force and OP1001 saved places', async () => {
    const verification: Record<string, string> = {};
    for (const op of ['OP1001', 'OP1002', 'OP1003']) {
      const token = await tokenFor(t.db, `USR-${op}`);
      const res = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/profile', token });
      expect(res.status).toBe(200);
      verification[op] = res.body.data.verification;
      expect(res.body.data.tdsDeclared).toBe(op === 'OP1003');
    }
    expect(verification).toEqual({ OP1001: 'VERIFIED', OP1002: 'PENDING', OP1003: 'VERIFIED' });
    const owner = await tokenFor(t.db, 'USR-OP1001');
    const places = await t.call({ method: 'GET', url: '/api/odin/v2/map/app/saved-places', token: owner });
    expect(places.body.data.map((p: { placeName: string }) => p.placeName)).toContain('Balaji Godown, Sitapura');
    const tds = await t.call({
      method: 'GET',
      url: '/api/odin/operator-app/v1/profile/tds-declaration',
      token: await tokenFor(t.db, 'USR-OP1003'),
    });
    expect(tds.body.data.declarations[0].vehicleNumber).toHaveLength(10);
  });
});
