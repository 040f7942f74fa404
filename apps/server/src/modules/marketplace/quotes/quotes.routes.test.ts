import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertSubordinate } from '../../../../test/factories.ts';
import { quoteEvents, quotes } from '../../../db/schema/index.ts';
import { insertLoad } from '../loads/loads.test-helpers.ts';
import { bandFor } from './quotes.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const quote = (token: string, id: string, value: unknown) =>
  t.call({ method: 'PUT', url: `/api/rest/tesseract/v1/load/${id}/quote`, token, payload: { value } });
const detail = (token: string, id: string) => t.call({ method: 'GET', url: `/api/rest/tesseract/v1/load/${id}`, token });
const stored = async (demandId: string) => ({
  quotes: await t.db.select().from(quotes).where(eq(quotes.demandId, demandId)),
  events: await t.db.select().from(quoteEvents).where(eq(quoteEvents.demandId, demandId)),
});

describe('placing quotes', () => {
  it('refuses a quote after the window with a clear message and stores nothing', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode, { endsInMinutes: -1 });
    const res = await quote(owner.token, load.id, 42000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'QUOTE_WINDOW_CLOSED',
      message: 'Bidding for this load has closed. Your quote was not saved.',
    });
    expect(await stored(load.id)).toEqual({ quotes: [], events: [] });
  });

  it('refuses negative, zero, non-numeric and out-of-bounds quotes naming the field', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    for (const bad of [-5000, 0, 'abc', '', null, 999, 10_00_001, Number.NaN]) {
      const res = await quote(owner.token, load.id, bad);
      expect(res.status, `value ${String(bad)}`).toBe(400);
      expect(res.body.field).toBe('value');
      expect(res.body.message).toMatch(/quote/);
    }
    expect((await quote(owner.token, load.id, -1)).body).toMatchObject({ message: 'The quote must be more than zero', field: 'value' });
    expect(await stored(load.id)).toEqual({ quotes: [], events: [] });
  });

  it('rounds to 2 decimals and accepts a numeric string', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    const res = await quote(owner.token, load.id, '42,000.456');
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe(42000.46);
    expect((await stored(load.id)).quotes[0]!.amountPaisa).toBe(42_000_46);
  });

  it('a subordinate without the bidding permission is refused and nothing changes', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { operatorId } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    const viewer = await insertSubordinate(t.db, operatorId, ['LOADS_VIEW']);
    const refused = await quote(viewer.token, load.id, 42000);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow this');
    expect(await stored(load.id)).toEqual({ quotes: [], events: [] });
    const bidder = await insertSubordinate(t.db, operatorId, ['LOADS_VIEW', 'QUOTES_SUBMIT']);
    expect((await quote(bidder.token, load.id, 42000)).status).toBe(200);
  });
});

describe('the leaderboard', () => {
  it('shows each bidder its own rank, the count and the best band, never another quote', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const one = await insertOperator(t.db);
    const two = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    await quote(one.owner.token, load.id, 45000);
    const after = await quote(two.owner.token, load.id, 43210);
    expect(after.body.data.leaderboard).toMatchObject({ rank: 1, bidderCount: 2, bestBand: { min: 42000, max: 44000 } });

    const view = await detail(one.owner.token, load.id);
    expect(view.body.data.quote).toMatchObject({
      value: 45000,
      leaderboard: { rank: 2, bidderCount: 2, bestBand: { min: 42000, max: 44000 } },
    });
    expect(view.body.data.quote.timeLeft).toBeGreaterThan(500);
    // operator 1 sees nothing of operator 2 anywhere in its answers
    const text = JSON.stringify([
      view.body,
      (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/load?state-id=QUOTED', token: one.owner.token })).body,
    ]);
    expect(text).not.toContain('43210');
    expect(text).not.toContain(two.operatorId);
    // nor through the consigner's calls
    const peek = await t.call({ method: 'GET', url: `/api/rest/tesseract/v1/demand/${load.id}/quotes`, token: one.owner.token });
    expect(peek.status).toBe(403);
  });

  it('ties go to the earlier quote; revising restarts the quote’s time, repeating it does not', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const one = await insertOperator(t.db);
    const two = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    await quote(one.owner.token, load.id, 40000);
    await quote(two.owner.token, load.id, 40000);
    expect((await detail(one.owner.token, load.id)).body.data.quote.leaderboard.rank).toBe(1);
    expect((await detail(two.owner.token, load.id)).body.data.quote.leaderboard.rank).toBe(2);

    await quote(one.owner.token, load.id, 40000); // same amount: keeps its place
    expect((await detail(one.owner.token, load.id)).body.data.quote.leaderboard.rank).toBe(1);
    expect((await stored(load.id)).events).toHaveLength(2);

    await quote(one.owner.token, load.id, 41000);
    await quote(one.owner.token, load.id, 40000); // back to the tie, but now later than operator 2
    expect((await detail(one.owner.token, load.id)).body.data.quote.leaderboard.rank).toBe(2);
    expect((await detail(two.owner.token, load.id)).body.data.quote.leaderboard.rank).toBe(1);
    const rows = (await stored(load.id)).quotes.find((q) => q.operatorId === one.operatorId)!;
    expect(rows.revisions).toBe(3);
  });

  it('bands widen with the price', () => {
    expect(bandFor(18_500_00)).toEqual({ min: 18000, max: 19000 });
    expect(bandFor(43_210_00)).toEqual({ min: 42000, max: 44000 });
    expect(bandFor(1_23_000_00)).toEqual({ min: 120000, max: 125000 });
  });
});

describe('quote quality', () => {
  it('rates a quote against a per-km benchmark, then against the lane’s winning prices', async () => {
    const { consignerCode } = await insertConsigner(t.db);
    const { owner } = await insertOperator(t.db);
    const load = await insertLoad(t.db, consignerCode);
    const q = (value?: number) =>
      t.call({
        method: 'GET',
        url: `/api/rest/tesseract/v1/load/${load.id}/quote-quality${value ? `?value=${value}` : ''}`,
        token: owner.token,
      });
    const noQuote = await q();
    expect(noQuote.body.data).toMatchObject({ quality: null, basis: 'DISTANCE_RATE', value: null });
    const bench = noQuote.body.data.benchmark;
    expect((await q(bench * 0.9)).body.data.quality).toBe('GREAT');
    expect((await q(bench)).body.data.quality).toBe('GOOD');
    expect((await q(bench * 1.1)).body.data.quality).toBe('FAIR');
    expect((await q(bench * 1.5)).body.data.quality).toBe('HIGH');

    for (const price of [30_000_00, 31_000_00, 32_000_00]) {
      await insertLoad(t.db, consignerCode, { state: 'CONFIRMED', awardedPricePaisa: price, awardedAt: new Date(), endsInMinutes: -60 });
    }
    const history = await q(31000);
    expect(history.body.data).toMatchObject({ basis: 'LANE_HISTORY', benchmark: 31000, sampleSize: 3, quality: 'GOOD' });
  });
});
