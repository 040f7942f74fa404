import {
  AWARD_CHANGE_MINUTES,
  type DemandSummary,
  LOADS_MESSAGES,
  type LoadState,
  type postLoadRequestSchema,
} from '@bhada/contracts/marketplace/loads';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../../db/client.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { roadKm } from '../../../lib/geo.ts';
import { newId } from '../../../lib/ids.ts';
import { asConsignerCode, type ConsignerCode, type OperatorId } from '../../../lib/tenancy.ts';
import { demandForConsigner } from '../board/demand-access.ts';
import { moveLoad } from '../board/demand-state.ts';
import * as repo from '../board/demands.repository.ts';
import { ranking } from '../quotes/quotes.repository.ts';
import { toPaisa, toRupees } from '../quotes/quotes.service.ts';
import { type DemandRow, laneName } from './loads.service.ts';

// ---- consigner and admin -------------------------------------------------------------------

export type PostLoad = z.output<typeof postLoadRequestSchema>;

export async function postLoad(
  db: Db,
  actor: { kind: string; userCode: string; consignerCode: ConsignerCode | null },
  input: PostLoad & { consignerCode?: string },
  now = new Date(),
) {
  // an admin names the consigner; the code is checked against the consigners before it is used
  const chosen = actor.kind === 'ADMIN' && input.consignerCode ? asConsignerCode(input.consignerCode) : null;
  const consignerCode = chosen ?? actor.consignerCode;
  if (!consignerCode) throw new AppError('VALIDATION_FAILED', 'Choose the consigner', { field: 'consignerCode' });
  if (!(await repo.findConsignerName(db, { consignerCode })))
    throw new AppError('VALIDATION_FAILED', 'Unknown consigner', { field: 'consignerCode' });
  const loadingAt = new Date(input.loadingAt);
  const endsAt = new Date(input.biddingEndsAt);
  const bad = (message: string, field: string) => new AppError('LOAD_DATES_INVALID', message, { field });
  // ADR 020: a 2-minute floor allows a flash auction (and a quick browser journey) yet leaves time to quote
  if (endsAt.getTime() < now.getTime() + 2 * 60_000) throw bad(LOADS_MESSAGES.windowInPast, 'biddingEndsAt');
  if (endsAt.getTime() > now.getTime() + 7 * 86_400_000) throw bad(LOADS_MESSAGES.windowTooLong, 'biddingEndsAt');
  if (endsAt.getTime() > loadingAt.getTime()) throw bad(LOADS_MESSAGES.windowAfterLoading, 'biddingEndsAt');
  if (loadingAt.getTime() > now.getTime() + 60 * 86_400_000) throw bad(LOADS_MESSAGES.loadingTooFar, 'loadingAt');
  if (input.targetPrice !== undefined && input.tokenAmount > input.targetPrice) {
    throw new AppError('VALIDATION_FAILED', LOADS_MESSAGES.tokenAboveTarget, { field: 'tokenAmount' });
  }
  const row = await repo.insertDemand(db, {
    id: newId('DM', 8),
    consignerCode,
    postedBy: actor.userCode,
    state: 'OPEN',
    originCity: input.origin.city,
    originLat: input.origin.lat,
    originLng: input.origin.lng,
    destinationCity: input.destination.city,
    destinationLat: input.destination.lat,
    destinationLng: input.destination.lng,
    distanceKm: roadKm(input.origin, input.destination),
    loadingPoints: input.loadingPoints,
    unloadingPoints: input.unloadingPoints,
    vehicleType: input.vehicleType,
    bodyType: input.bodyType,
    tyreCount: input.tyreCount,
    tonnage: input.tonnage,
    lengthFeet: input.lengthFeet,
    material: input.material,
    loadingAt,
    biddingEndsAt: endsAt,
    tokenAmountPaisa: toPaisa(input.tokenAmount),
    targetPricePaisa: input.targetPrice === undefined ? null : toPaisa(input.targetPrice),
    rankSalt: randomToken(16),
  });
  return row;
}

export async function listDemands(
  db: Db,
  actor: { kind: string; consignerCode: ConsignerCode | null },
  query: { state?: LoadState; pageNo: number; pageSize: number },
) {
  const page = { state: query.state, limit: query.pageSize, offset: query.pageNo * query.pageSize };
  let found: Awaited<ReturnType<typeof repo.listDemands>>;
  if (actor.kind === 'ADMIN') found = await repo.listAllDemandsForAdmin(db, page);
  else if (actor.consignerCode) found = await repo.listDemands(db, { ...page, consignerCode: actor.consignerCode });
  else throw notFound();
  const { rows, total } = found;
  const demands: DemandSummary[] = rows.map(({ demand: d, consignerName, awardedOperatorName, quoteCount, bestQuote }) => ({
    demandId: d.id,
    state: d.state,
    consignerCode: d.consignerCode,
    consignerName,
    laneName: laneName(d),
    vehicleType: d.vehicleType,
    material: d.material,
    loadingAt: d.loadingAt.toISOString(),
    biddingEndsAt: d.biddingEndsAt.toISOString(),
    tokenAmount: toRupees(d.tokenAmountPaisa),
    targetPrice: d.targetPricePaisa ? toRupees(d.targetPricePaisa) : null,
    quoteCount: Number(quoteCount),
    bestQuote: bestQuote == null ? null : toRupees(Number(bestQuote)),
    awardedOperatorName: awardedOperatorName ?? null,
    awardedPrice: d.awardedPricePaisa ? toRupees(d.awardedPricePaisa) : null,
    tripId: d.tripId,
    createdAt: d.createdAt.toISOString(),
  }));
  return { demands, pageNo: query.pageNo, pageSize: query.pageSize, totalCount: total };
}

export const awardDeadline = (d: DemandRow) => (d.awardedAt ? new Date(d.awardedAt.getTime() + AWARD_CHANGE_MINUTES * 60_000) : null);

export async function demandQuotes(db: Db, actor: { kind: string; consignerCode: ConsignerCode | null }, demandId: string) {
  const demand = await demandForConsigner(db, actor, demandId);
  const rows = await repo.listQuotesWithOperators(db, demandId);
  const deadline = demand.state === 'AWARDED' ? awardDeadline(demand) : null;
  return {
    demandId,
    state: demand.state,
    awardChangeDeadline: deadline ? deadline.toISOString() : null,
    awardReason: demand.awardReason,
    quotes: rows.map((q, i) => ({
      operatorId: q.operatorId,
      operatorName: q.operatorName,
      companyName: q.companyName,
      value: toRupees(q.amountPaisa),
      rank: i + 1,
      placedAt: q.placedAt.toISOString(),
      revisions: q.revisions,
      awarded: demand.awardedOperatorId === q.operatorId,
    })),
  };
}

export interface AwardOutcome {
  demandId: string;
  state: 'AWARDED' | 'EXPIRED';
  winnerOperatorId: OperatorId | null;
  loserOperatorIds: OperatorId[];
  pricePaisa: number | null;
  /** set when the consigner or admin replaced an earlier winner */
  previousWinner?: OperatorId | null;
}

/**
 * Closes a load's auction once its window has ended (the award job and the sweep call this; tests
 * call it directly): the lowest quote wins, ties to the earlier one; no quotes → EXPIRED.
 * Returns null when there is nothing to do (already awarded, or the window is still open).
 */
export async function awardLoad(db: Db, demandId: string, now = new Date()): Promise<AwardOutcome | null> {
  return inTransaction(db, async (tx) => {
    const demand = await repo.lockDemand(tx, { id: demandId, mode: 'update' });
    if (demand?.state !== 'OPEN' || demand.biddingEndsAt.getTime() > now.getTime()) return null;
    const ranked = await ranking(tx, demandId);
    const best = ranked[0];
    if (!best) {
      await moveLoad(tx, demand, 'EXPIRED');
      return { demandId, state: 'EXPIRED', winnerOperatorId: null, loserOperatorIds: [], pricePaisa: null };
    }
    await moveLoad(tx, demand, 'AWARDED', {
      awardedOperatorId: best.operatorId,
      awardedPricePaisa: best.amountPaisa,
      awardedAt: now,
      awardReason: 'Lowest quote',
    });
    return {
      demandId,
      state: 'AWARDED',
      winnerOperatorId: best.operatorId,
      loserOperatorIds: ranked.slice(1).map((r) => r.operatorId),
      pricePaisa: best.amountPaisa,
    };
  });
}

/** The consigner or admin picks another quote, with a reason, within the deadline (ADR 020). */
export async function changeAward(
  db: Db,
  actor: { kind: string; consignerCode: ConsignerCode | null; userCode: string },
  demandId: string,
  input: { operatorId: string; reason: string },
  now = new Date(),
): Promise<AwardOutcome> {
  await demandForConsigner(db, actor, demandId);
  const outcome = await inTransaction(db, async (tx) => {
    const demand = (await repo.lockDemand(tx, { id: demandId, mode: 'update' }))!;
    const deadline = awardDeadline(demand);
    if (demand.state !== 'AWARDED' || !deadline || deadline.getTime() < now.getTime()) {
      throw new AppError('AWARD_NOT_ALLOWED', LOADS_MESSAGES.awardDeadlinePassed);
    }
    const ranked = await ranking(tx, demandId);
    const pick = ranked.find((r) => r.operatorId === input.operatorId);
    if (!pick) throw new AppError('AWARD_NOT_ALLOWED', LOADS_MESSAGES.awardNoQuote, { field: 'operatorId' });
    await moveLoad(tx, demand, 'AWARDED', {
      awardedOperatorId: pick.operatorId,
      awardedPricePaisa: pick.amountPaisa,
      // the deadline keeps counting from the first award
      awardReason: `${input.reason} (by ${actor.userCode})`,
    });
    return {
      demandId,
      state: 'AWARDED' as const,
      winnerOperatorId: pick.operatorId,
      loserOperatorIds: ranked.filter((r) => r.operatorId !== pick.operatorId).map((r) => r.operatorId),
      pricePaisa: pick.amountPaisa,
      previousWinner: demand.awardedOperatorId,
    };
  });
  return outcome;
}

export async function cancelDemand(db: Db, actor: { kind: string; consignerCode: ConsignerCode | null }, demandId: string, reason: string) {
  await demandForConsigner(db, actor, demandId);
  return inTransaction(db, async (tx) => {
    const demand = (await repo.lockDemand(tx, { id: demandId, mode: 'update' }))!;
    // a paid token is cancelled (and refunded) by the tokens flow, not here
    if (demand.state !== 'OPEN' && demand.state !== 'AWARDED') throw new AppError('LOAD_STATE_CONFLICT', LOADS_MESSAGES.stateConflict);
    const moved = await moveLoad(tx, demand, 'CANCELLED', { cancelReason: reason });
    return { demandId: moved.id };
  });
}

export async function ownersOf(db: Db, operatorIds: OperatorId[]) {
  return repo.ownersOf(db, { operatorIds });
}
export { findDemand, listDueForAward } from '../board/demands.repository.ts';
