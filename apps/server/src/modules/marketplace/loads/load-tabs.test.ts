import { LOAD_STATES, type LoadState, OPERATOR_LOAD_STATES, type OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator } from '../../../../test/factories.ts';
import { demandResponses, quotes } from '../../../db/schema/index.ts';
import { LOAD_TAB_RULES, type TabFacts, tabOf } from '../board/load-tabs.ts';
import { listLoads, loadTabs } from './loads.service.ts';
import { insertLoad } from './loads.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BOOLS = [true, false] as const;
/** every load state with every combination of the facts a tab depends on */
const ALL_FACTS: TabFacts[] = LOAD_STATES.flatMap((state) =>
  BOOLS.flatMap((mine) =>
    BOOLS.flatMap((quoted) => BOOLS.flatMap((rejected) => BOOLS.map((biddingOpen) => ({ state, mine, quoted, rejected, biddingOpen })))),
  ),
);

describe('the load-tab rules (one table, ADR 088)', () => {
  it('puts a load on at most one tab, and every tab has a rule', () => {
    expect(Object.keys(LOAD_TAB_RULES).sort()).toEqual([...OPERATOR_LOAD_STATES].sort());
    for (const facts of ALL_FACTS) {
      const matching = OPERATOR_LOAD_STATES.filter((tab) =>
        LOAD_TAB_RULES[tab].some(
          (c) =>
            c.states.includes(facts.state) &&
            (['mine', 'quoted', 'rejected', 'biddingOpen'] as const).every((k) => c[k] === undefined || c[k] === facts[k]),
        ),
      );
      expect(matching.length, JSON.stringify(facts)).toBeLessThanOrEqual(1);
      expect(tabOf(facts)).toBe(matching[0] ?? null);
    }
  });

  it('the board (SQL) lists, counts and labels every seeded load exactly as the rules in TypeScript say', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const me = (await insertOperator(t.db)).operatorId;
    const other = (await insertOperator(t.db)).operatorId;
    const now = new Date();
    const expected = new Map<string, OperatorLoadState | null>();
    for (const facts of ALL_FACTS) {
      const load = await insertLoad(t.db, consignerCode, {
        state: facts.state as LoadState,
        awardedOperatorId: facts.mine ? me : facts.state === 'OPEN' ? null : other,
        endsInMinutes: facts.biddingOpen ? 30 : -30,
      });
      if (facts.quoted) {
        await t.db.insert(quotes).values({ demandId: load.id, operatorId: me, amountPaisa: 40_000_00, placedAt: now, userCode: 'UTEST' });
      }
      if (facts.rejected) {
        await t.db.insert(demandResponses).values({ demandId: load.id, operatorId: me, consent: 'REJECTED', userCode: 'UTEST' });
      }
      expected.set(load.id, tabOf(facts));
    }

    const listed = new Map<string, OperatorLoadState>();
    for (const tab of OPERATOR_LOAD_STATES) {
      const page = await listLoads(t.db, me, { 'state-id': tab, pageNo: 0, pageSize: 500 }, now);
      for (const load of page.loads) {
        expect(listed.has(load.demandId), `${load.demandId} is on two tabs`).toBe(false);
        listed.set(load.demandId, tab);
        // the card's state is the tab it is listed under
        expect(load.state, load.demandId).toBe(tab);
      }
    }
    for (const [id, tab] of expected) expect(listed.get(id) ?? null, id).toBe(tab);

    const counts = Object.fromEntries((await loadTabs(t.db, me, now)).map((c) => [c.stateId, c.count]));
    for (const tab of OPERATOR_LOAD_STATES) {
      expect(counts[tab], tab).toBe([...expected.values()].filter((x) => x === tab).length);
    }
    // the other operator's view is not this operator's: it never quoted, so it has nothing in "Closed"
    expect((await loadTabs(t.db, other, now)).find((c) => c.stateId === 'LOST')?.count).toBe(0);
  });
});
