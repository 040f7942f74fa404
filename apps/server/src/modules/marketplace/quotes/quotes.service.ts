import type { Leaderboard, PriceBand, QuoteView } from '@bhada/contracts/marketplace/loads';
import { type LeaderboardEvent, LOAD_EVENT_TYPES, QUOTES_MESSAGES, type QuoteQualityResponse } from '@bhada/contracts/marketplace/quotes';
import type { Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { EventBus } from '../../../plugins/events.ts';
import { demandForOperator } from '../board/demand-access.ts';
import { type DemandRow, findDemand } from '../board/demands.repository.ts';
import { Coalescer } from './leaderboard-broadcast.ts';
import { placeQuoteIfOpen, type QuoteAttempt, ranking, recentLanePrices, type Standing } from './quotes.repository.ts';

export const toRupees = (paisa: number) => paisa / 100;
export const toPaisa = (rupees: number) => Math.round(rupees * 100);

export const secondsLeft = (endsAt: Date, now: Date) => Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000));

/**
 * The band a price falls in (ADR 022): bidders learn roughly where the best quote is, never its
 * exact value. Steps widen with the price so the band stays about 2–5 %.
 */
export function bandFor(paisa: number): PriceBand {
  const rupees = paisa / 100;
  const step = rupees < 25_000 ? 1_000 : rupees < 1_00_000 ? 2_000 : rupees < 5_00_000 ? 5_000 : 10_000;
  const min = Math.floor(rupees / step) * step;
  return { min, max: min + step };
}

const tags = new Map<string, string>();

/**
 * An opaque, per-load tag for an operator: unlinkable across loads and to the operator's id. Every
 * leaderboard event names every bidder, so the tags are remembered (a bounded map, ADR 157).
 */
export function tagFor(salt: string, operatorId: OperatorId) {
  const key = `${salt}:${operatorId}`;
  let tag = tags.get(key);
  if (tag === undefined) {
    tag = sha256(key).slice(0, 12);
    if (tags.size >= 100_000) tags.clear();
    tags.set(key, tag);
  }
  return tag;
}

type Ranked = Awaited<ReturnType<typeof ranking>>;

function leaderboardFrom(demand: Pick<DemandRow, 'rankSalt'>, ranked: Ranked, operatorId: OperatorId): Leaderboard {
  const index = ranked.findIndex((r) => r.operatorId === operatorId);
  return {
    rank: index >= 0 ? index + 1 : null,
    bidderCount: ranked.length,
    bestBand: ranked[0] ? bandFor(ranked[0].amountPaisa) : null,
    tag: index >= 0 ? tagFor(demand.rankSalt, operatorId) : null,
  };
}

/** spec "Load quote: value, timeLeft, leaderboard" for one operator. */
export async function quoteView(db: Db, demand: DemandRow, operatorId: OperatorId, now = new Date()): Promise<QuoteView> {
  const ranked = await ranking(db, demand.id);
  const mine = ranked.find((r) => r.operatorId === operatorId);
  const open = demand.state === 'OPEN';
  return {
    value: mine ? toRupees(mine.amountPaisa) : null,
    timeLeft: open ? secondsLeft(demand.biddingEndsAt, now) : 0,
    closesAt: demand.biddingEndsAt.toISOString(),
    placedAt: mine ? mine.placedAt.toISOString() : null,
    leaderboard: leaderboardFrom(demand, ranked, operatorId),
  };
}

/** The neutral event every bidder's screen receives on `load:{demandId}` (ADR 022). */
export async function leaderboardEvent(db: Db, demand: DemandRow, now = new Date()): Promise<LeaderboardEvent> {
  const ranked = await ranking(db, demand.id);
  return {
    demandId: demand.id,
    bidderCount: ranked.length,
    bestBand: ranked[0] ? bandFor(ranked[0].amountPaisa) : null,
    closesAt: demand.biddingEndsAt.toISOString(),
    timeLeft: demand.state === 'OPEN' ? secondsLeft(demand.biddingEndsAt, now) : 0,
    changedAt: now.toISOString(),
    ranking: ranked.map((r) => tagFor(demand.rankSalt, r.operatorId)),
  };
}

/** What a placed quote answers: the load as read, whether anything changed, and where the quote stands. */
export interface SubmittedQuote {
  demand: QuoteAttempt['demand'];
  changed: boolean;
  amountPaisa: number;
  placedAt: Date;
  standing: Standing;
}

/**
 * Places or revises an operator's quote while the window is open: one statement, one round trip, no
 * transaction around it (ADR 167). The statement share-locks the load so an award or close (which take
 * it for update) sees every quote committed before it, and a quote that waited for one writes nothing.
 * The refusals are decided from what the statement read, in the order the rules give them.
 */
export async function submitQuote(
  db: Db,
  actor: { operatorId: OperatorId; userCode: string },
  demandId: string,
  valueRupees: number,
  now = new Date(),
): Promise<SubmittedQuote> {
  const amountPaisa = toPaisa(valueRupees);
  const attempt = await placeQuoteIfOpen(db, { demandId, operatorId: actor.operatorId, amountPaisa, userCode: actor.userCode, now });
  const demand = attempt?.demand;
  // 404 for loads the operator may not see, before anything else (as demandForOperator decides)
  if (!demand || (demand.state !== 'OPEN' && demand.awardedOperatorId !== actor.operatorId && attempt.previousPaisa === null)) {
    throw notFound('Load not found');
  }
  // the statement's own comparison decides, so the answer always matches what it wrote
  if (!attempt.windowOpen) throw new AppError('QUOTE_WINDOW_CLOSED', QUOTES_MESSAGES.windowClosed, { field: 'value' });
  if (attempt.consent === 'REJECTED') throw new AppError('QUOTE_LOAD_REJECTED', QUOTES_MESSAGES.loadRejected);
  // written, or the same amount again, which keeps its place in the queue: either way the quote has a time
  return { demand, changed: attempt.written, amountPaisa, placedAt: attempt.placedAt!, standing: attempt.standing };
}

/** Per-km benchmark rates by body type when the lane has too little history (ADR 023). */
const RATE_PER_KM_PAISA: Record<string, number> = { CONTAINER: 5_800, OPEN: 5_200, TRAILER: 7_500 };
const MIN_SAMPLES = 3;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

/**
 * Rates a quote against what the lane usually wins at (ADR 023): the median winning price of up to
 * 20 loads on the same lane in the last 90 days, or distance × a per-km rate with fewer than 3.
 * ratio ≤ 0.95 GREAT, ≤ 1.05 GOOD, ≤ 1.15 FAIR, above HIGH.
 */
export async function quoteQuality(
  db: Db,
  operatorId: OperatorId,
  demandId: string,
  valueRupees: number | undefined,
  now = new Date(),
): Promise<QuoteQualityResponse> {
  const demand = await demandForOperator(db, operatorId, demandId);
  const since = new Date(now.getTime() - 90 * 24 * 3600 * 1000);
  const prices = (
    await recentLanePrices(db, { originCity: demand.originCity, destinationCity: demand.destinationCity, since, limit: 20 })
  ).filter((p) => p > 0);
  const fromHistory = prices.length >= MIN_SAMPLES;
  const benchmarkPaisa = fromHistory
    ? median(prices)
    : Math.max(1_00_000, Math.round((demand.distanceKm * (RATE_PER_KM_PAISA[demand.bodyType] ?? 5_800)) / 100) * 100);
  let value = valueRupees ?? null;
  if (value === null) {
    const mine = (await ranking(db, demandId)).find((r) => r.operatorId === operatorId);
    value = mine ? toRupees(mine.amountPaisa) : null;
  }
  let quality: QuoteQualityResponse['quality'] = null;
  if (value !== null) {
    const ratio = toPaisa(value) / benchmarkPaisa;
    quality = ratio <= 0.95 ? 'GREAT' : ratio <= 1.05 ? 'GOOD' : ratio <= 1.15 ? 'FAIR' : 'HIGH';
  }
  return {
    quality,
    benchmark: toRupees(benchmarkPaisa),
    band: bandFor(benchmarkPaisa),
    basis: fromHistory ? 'LANE_HISTORY' : 'DISTANCE_RATE',
    sampleSize: fromHistory ? prices.length : 0,
    value,
  };
}

/** Publishes the neutral leaderboard event of a load after its quotes changed (ADR 022), at once. */
export async function publishLeaderboard(ctx: Pick<ServiceContext, 'db' | 'events' | 'clock'>, demandId: string) {
  const demand = await findDemand(ctx.db, demandId);
  if (!demand) return;
  await ctx.events.publish({
    topic: `load:${demandId}`,
    type: LOAD_EVENT_TYPES.leaderboard,
    data: await leaderboardEvent(ctx.db, demand, ctx.clock.now()),
  });
}

/** Leaderboard events go out at most once per load every this many milliseconds (ADR 157). */
export const BROADCAST_INTERVAL_MS = 100;

const broadcasters = new WeakMap<EventBus, Coalescer>();

/** One coalescer per event bus, i.e. per server (tests run several in one process). */
export function leaderboardBroadcaster(ctx: Pick<ServiceContext, 'db' | 'events' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>) {
  let broadcaster = broadcasters.get(ctx.events);
  if (!broadcaster) {
    broadcaster = new Coalescer(
      BROADCAST_INTERVAL_MS,
      (demandId) => publishLeaderboard(ctx, demandId),
      (err, demandId) => ctx.log?.warn({ err, demandId }, 'leaderboard event not sent'),
    );
    broadcasters.set(ctx.events, broadcaster);
  }
  return broadcaster;
}

/** The quote's own view, from its standing: no second read of the ranking (ADR 157). */
export function viewOf(placed: SubmittedQuote, operatorId: OperatorId, now: Date): QuoteView {
  const { demand, standing } = placed;
  return {
    value: toRupees(placed.amountPaisa),
    timeLeft: demand.state === 'OPEN' ? secondsLeft(demand.biddingEndsAt, now) : 0,
    closesAt: demand.biddingEndsAt.toISOString(),
    placedAt: placed.placedAt.toISOString(),
    leaderboard: {
      rank: standing.rank,
      bidderCount: standing.bidderCount,
      bestBand: bandFor(standing.bestPaisa),
      tag: tagFor(demand.rankSalt, operatorId),
    },
  };
}

/**
 * Places or revises the operator's quote; every bidder's screen learns of a change within one
 * broadcast interval (at most one leaderboard event per load every 100 ms, ADR 157).
 */
export async function placeQuote(
  ctx: Pick<ServiceContext, 'db' | 'events' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>,
  actor: { operatorId: OperatorId; userCode: string },
  demandId: string,
  valueRupees: number,
): Promise<QuoteView> {
  const placed = await submitQuote(ctx.db, actor, demandId, valueRupees, ctx.clock.now());
  if (placed.changed) leaderboardBroadcaster(ctx).changed(demandId);
  return viewOf(placed, actor.operatorId, ctx.clock.now());
}
