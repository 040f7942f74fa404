import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator } from '../../../../test/factories.ts';
import { demands, quoteEvents, quotes } from '../../../db/schema/index.ts';
import type { BusEvent } from '../../../plugins/events.ts';
import { awardLoad } from '../loads/load-desk.service.ts';
import { insertLoad } from '../loads/loads.test-helpers.ts';
import { Coalescer } from './leaderboard-broadcast.ts';
import { BROADCAST_INTERVAL_MS, leaderboardBroadcaster, tagFor } from './quotes.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const quote = (token: string, id: string, value: number) =>
  t.call({ method: 'PUT', url: `/api/rest/tesseract/v1/load/${id}/quote`, token, payload: { value } });

const settle = async () => {
  const broadcaster = leaderboardBroadcaster(t.app.ctx);
  for (let i = 0; i < 100 && broadcaster.pending() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 20));
};

describe('quotes under concurrency (ADR 157)', () => {
  it('many bidders at once: no quote lost or doubled, each answer ranks against the table, the last event is the table', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const bidders = await Promise.all(Array.from({ length: 12 }, () => insertOperator(t.db)));
    const load = await insertLoad(t.db, consignerCode);
    const events: Array<{ at: number; data: { bidderCount: number; ranking: string[] } }> = [];
    const off = t.app.events.subscribe(`load:${load.id}`, (e: BusEvent) => {
      events.push({ at: Date.now(), data: e.data as { bidderCount: number; ranking: string[] } });
    });
    const last = new Map<string, number>();
    let accepted = 0;
    await Promise.all(
      bidders.map(async (b, i) => {
        for (let round = 0; round < 5; round++) {
          const value = 50_000 - round * 100 - i * 7 - ((round * i) % 13);
          const res = await quote(b.owner.token, load.id, value);
          expect(res.status).toBe(200);
          expect(res.body.data.leaderboard.tag).toBe(tagFor(load.rankSalt, b.operatorId));
          expect(res.body.data.leaderboard.rank).toBeGreaterThanOrEqual(1);
          expect(res.body.data.leaderboard.rank).toBeLessThanOrEqual(res.body.data.leaderboard.bidderCount);
          accepted += 1;
          last.set(b.operatorId, Math.round(value * 100));
        }
      }),
    );
    await settle();
    off();

    const stored = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.demandId, load.id))
      .orderBy(asc(quotes.amountPaisa), asc(quotes.placedAt), asc(quotes.operatorId));
    const eventRows = await t.db.select({ n: sql<number>`count(*)::int` }).from(quoteEvents).where(eq(quoteEvents.demandId, load.id));
    expect(eventRows[0]!.n).toBe(accepted);
    expect(stored).toHaveLength(bidders.length);
    for (const row of stored) expect(row.amountPaisa).toBe(last.get(row.operatorId));

    // the final broadcast is the table's order
    const final = events.at(-1)!.data;
    expect(final.bidderCount).toBe(bidders.length);
    expect(final.ranking).toEqual(stored.map((r) => tagFor(load.rankSalt, r.operatorId)));
    // coalesced: fewer events than quotes and no more than one per interval over the burst (the exact
    // spacing of the starts is the coalescer's own test below; arrival adds each event's read time)
    expect(events.length).toBeLessThan(accepted);
    expect(events.length).toBeLessThanOrEqual(Math.ceil((events.at(-1)!.at - events[0]!.at) / BROADCAST_INTERVAL_MS) + 1);

    // every bidder's own view agrees with the table
    for (const [i, row] of stored.entries()) {
      const bidder = bidders.find((b) => b.operatorId === row.operatorId)!;
      const res = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load/${load.id}`, token: bidder.owner.token });
      expect(res.body.data.quote.leaderboard.rank).toBe(i + 1);
    }
  });

  it('the answer of one quote is its rank: ties go to the earlier quote, the best band follows the lowest', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const [a, b, c] = await Promise.all([insertOperator(t.db), insertOperator(t.db), insertOperator(t.db)]);
    const load = await insertLoad(t.db, consignerCode);
    expect((await quote(a!.owner.token, load.id, 30_000)).body.data.leaderboard).toMatchObject({ rank: 1, bidderCount: 1 });
    expect((await quote(b!.owner.token, load.id, 30_000)).body.data.leaderboard).toMatchObject({ rank: 2, bidderCount: 2 });
    const low = (await quote(c!.owner.token, load.id, 20_500)).body.data.leaderboard;
    expect(low).toMatchObject({ rank: 1, bidderCount: 3, bestBand: { min: 20_000, max: 21_000 } });
    // repeating the same amount keeps its place
    expect((await quote(b!.owner.token, load.id, 30_000)).body.data.leaderboard).toMatchObject({ rank: 3, bidderCount: 3 });
    expect((await quote(a!.owner.token, load.id, 30_000)).body.data.leaderboard).toMatchObject({ rank: 2, bidderCount: 3 });
  });

  it('a quote racing the award is accepted before it or refused after it, never both', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const bidders = await Promise.all(Array.from({ length: 16 }, () => insertOperator(t.db)));
    const load = await insertLoad(t.db, consignerCode);
    // the award runs as if the window had just ended while the quotes still arrive inside it
    const awardAt = new Date(load.biddingEndsAt.getTime() + 1_000);
    const last = new Map<string, number>();
    const refusals = new Map<string, string>();
    let accepted = 0;
    let started!: () => void;
    const firstAccepted = new Promise<void>((r) => {
      started = r;
    });
    const bidding = bidders.map(async (b, i) => {
      // each bidder keeps lowering its quote until the load is no longer open for it
      for (let round = 0; round < 200; round++) {
        const value = 50_000 - round * 10 - i;
        const res = await quote(b.owner.token, load.id, value);
        if (res.status !== 200) {
          refusals.set(b.operatorId, res.body.errorCode);
          return;
        }
        accepted += 1;
        last.set(b.operatorId, Math.round(value * 100));
        started();
      }
    });
    await firstAccepted;
    const outcome = await awardLoad(t.db, load.id, awardAt);
    await Promise.all(bidding);

    // every bidder was refused in the end: "closed" if it had quoted, else the load is no longer its to see
    expect(accepted).toBeGreaterThan(0);
    expect(refusals.size).toBe(bidders.length);
    for (const [operatorId, code] of refusals) expect(code).toBe(last.has(operatorId) ? 'QUOTE_WINDOW_CLOSED' : 'NOT_FOUND');
    const stored = await t.db
      .select()
      .from(quotes)
      .where(eq(quotes.demandId, load.id))
      .orderBy(asc(quotes.amountPaisa), asc(quotes.placedAt), asc(quotes.operatorId));
    const eventRows = await t.db.select({ n: sql<number>`count(*)::int` }).from(quoteEvents).where(eq(quoteEvents.demandId, load.id));
    // a refused quote stored nothing; every accepted one is in the table as its bidder last placed it
    expect(eventRows[0]!.n).toBe(accepted);
    expect(new Map(stored.map((r) => [r.operatorId, r.amountPaisa]))).toEqual(last);
    // and the award saw exactly that table: no quote was accepted after it read the ranking
    expect(outcome).toMatchObject({ state: 'AWARDED', winnerOperatorId: stored[0]!.operatorId, pricePaisa: stored[0]!.amountPaisa });
    expect(outcome!.loserOperatorIds).toEqual(stored.slice(1).map((r) => r.operatorId));
  });

  it('a load that closed and is not the operator’s answers 404, not "closed"', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    await t.db.update(demands).set({ state: 'EXPIRED' }).where(eq(demands.id, load.id));
    expect((await quote(owner.token, load.id, 30_000)).status).toBe(404);
    expect((await quote(owner.token, 'DM-NOPE', 30_000)).status).toBe(404);
  });
});

describe('coalescing broadcasts', () => {
  // on the fake clock, so the spacing asserted is the coalescer's own and not the machine's load
  it('sends the first change at once, folds a burst into one more event, and always follows the last change', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      let reads = 0;
      let value = 0;
      const seen: number[] = [];
      const c = new Coalescer(
        50,
        async () => {
          reads += 1;
          seen.push(value);
          sent.push(Date.now());
          await new Promise((r) => setTimeout(r, 5));
        },
        () => {},
      );
      const start = Date.now();
      value = 1;
      c.changed('x');
      await vi.advanceTimersByTimeAsync(2);
      for (let i = 2; i <= 20; i++) {
        value = i;
        c.changed('x');
        await vi.advanceTimersByTimeAsync(3);
      }
      while (c.pending()) await vi.advanceTimersByTimeAsync(10);
      expect(sent[0]! - start).toBeLessThan(30);
      expect(seen.at(-1)).toBe(20);
      expect(reads).toBeLessThan(20);
      expect(reads).toBeGreaterThan(1);
      for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(45);
    } finally {
      vi.useRealTimers();
    }
  });
});
