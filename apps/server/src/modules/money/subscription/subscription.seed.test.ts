import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';
import { checkLedger } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => t.close());

describe('membership demo data', () => {
  it('makes the second demo operator a member paid from its wallet, and leaves the others to buy', async () => {
    const status: Record<string, string> = {};
    for (const op of ['OP1001', 'OP1002', 'OP1003']) {
      const token = await tokenFor(t.db, `USR-${op}`);
      const res = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/subscription', token });
      status[op] = res.body.data.membership.status;
      if (op === 'OP1002') expect(res.body.data.membership).toMatchObject({ subscribed: true, daysLeft: 365, canPay: false });
    }
    expect(status).toEqual({ OP1001: 'NONE', OP1002: 'ACTIVE', OP1003: 'NONE' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
