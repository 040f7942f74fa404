import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';
import { checkLedger } from '../../money/ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => t.close());

describe('marketplace demo data', () => {
  it('gives the demo operators open, quoted, won and confirmed loads with a consistent ledger', async () => {
    const counts: Record<string, number> = {};
    for (const op of ['OP1001', 'OP1002', 'OP1003']) {
      const token = await tokenFor(t.db, `USR-${op}`);
      const tabs = await t.call({ method: 'GET', url: '/api/odin/v2/active-loads/states', token });
      for (const tab of tabs.body.data) counts[tab.stateId] = (counts[tab.stateId] ?? 0) + tab.count;
      const open = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/load?state-id=OPEN', token });
      for (const load of open.body.data.loads) expect(load.timeLeft).toBeGreaterThan(0);
    }
    expect(counts.OPEN).toBeGreaterThan(0);
    expect(counts.QUOTED).toBeGreaterThan(0);
    expect(counts.WON).toBeGreaterThan(0);
    expect(counts.CONFIRMED).toBeGreaterThan(0);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
