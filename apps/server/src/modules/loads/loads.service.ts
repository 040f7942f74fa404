import {
  AWARD_CHANGE_MINUTES,
  type DemandSummary,
  LOADS_MESSAGES,
  type LoadDetail,
  type LoadListQuery,
  type LoadListResponse,
  type LoadState,
  type LoadSummary,
  type OperatorLoadState,
  type postLoadRequestSchema,
} from '@bhada/contracts/loads';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { roadKm } from '../places/geo.ts';
import { deleteQuote, ranking } from '../quotes/quotes.repository.ts';
import { quoteView, secondsLeft, toPaisa, toRupees } from '../quotes/quotes.service.ts';
import { demandForConsigner, demandForOperator } from './load-access.ts';
import { moveLoad } from './load-state.ts';
import * as repo from './loads.repository.ts';

type DemandRow = repo.DemandRow;

/** The desk number operators message when a vehicle is free (spec §3 vehicleFreeWhatsapp). */
export const DESK_PHONE = '918000000900';
const VEHICLE_FREE_WHATSAPP = `https://wa.me/${DESK_PHONE}?text=${encodeURIComponent('My vehicle is free. Please share loads.')}`;

const TAB_LABELS: Record<OperatorLoadState, [string, string]> = {
  OPEN: ['New loads', 'नए लोड'],
  QUOTED: ['My quotes', 'मेरे भाव'],
  WON: ['Won', 'जीते हुए'],
  CONFIRMED: ['Confirmed', 'पक्के'],
  LOST: ['Closed', 'बंद'],
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const laneName = (d: { originCity: string; destinationCity: string }) => `${d.originCity} → ${d.destinationCity}`;

/** How one operator sees a load's state (the board's tabs). */
export function operatorStateOf(
  demand: Pick<DemandRow, 'state' | 'awardedOperatorId'>,
  operatorId: string,
  quoted: boolean,
): OperatorLoadState {
  switch (demand.state) {
    case 'OPEN':
      return quoted ? 'QUOTED' : 'OPEN';
    case 'AWARDED':
      return demand.awardedOperatorId === operatorId ? 'WON' : 'LOST';
    case 'CONFIRMED':
    case 'IN_TRIP':
    case 'CLOSED':
      return demand.awardedOperatorId === operatorId ? 'CONFIRMED' : 'LOST';
    default:
      return 'LOST';
  }
}

async function fleetHint(db: Db, operatorId: string): Promise<repo.FleetHint> {
  const fleet = await repo.fleetOf(db, operatorId);
  const spots = new Map<string, { lat: number; lng: number }>();
  for (const v of fleet) {
    if (v.lat == null || v.lng == null) continue;
    // half-degree cells keep the nearest-vehicle expression short for big fleets
    const lat = Math.round(v.lat * 2) / 2;
    const lng = Math.round(v.lng * 2) / 2;
    spots.set(`${lat}:${lng}`, { lat, lng });
  }
  return {
    types: [...new Set(fleet.map((v) => v.vehicleType))],
    bodies: [...new Set(fleet.map((v) => v.bodyType))],
    spots: [...spots.values()].slice(0, 30),
  };
}

export async function listLoads(db: Db, operatorId: string, query: LoadListQuery, now = new Date()): Promise<LoadListResponse> {
  const rows = await repo.listBoard(db, {
    operatorId,
    tab: query['state-id'],
    now,
    fleet: await fleetHint(db, operatorId),
    filters: { origin: query.origin, destination: query.destination, vehicleType: query.vehicleType },
    limit: query.pageSize,
    offset: query.pageNo * query.pageSize,
  });
  const loads: LoadSummary[] = rows.map((r) => {
    const myQuote = r.my_quote == null ? null : Number(r.my_quote);
    const endsAt = new Date(r.bidding_ends_at);
    return {
      demandId: r.id,
      state: operatorStateOf({ state: r.state, awardedOperatorId: r.awarded_operator_id }, operatorId, myQuote !== null),
      loadState: r.state,
      laneName: `${r.origin_city} → ${r.destination_city}`,
      originCity: r.origin_city,
      destinationCity: r.destination_city,
      distanceKm: r.distance_km,
      vehicleType: r.vehicle_type,
      bodyType: r.body_type,
      tyreCount: r.tyre_count,
      tonnage: Number(r.tonnage),
      lengthFeet: r.length_feet,
      material: r.material,
      loadingAt: iso(r.loading_at),
      biddingEndsAt: endsAt.toISOString(),
      timeLeft: r.state === 'OPEN' ? secondsLeft(endsAt, now) : 0,
      tokenAmount: toRupees(Number(r.token_amount_paisa)),
      myQuote: myQuote === null ? null : toRupees(myQuote),
      consent: r.consent,
      vehicleMatch: Boolean(r.type_match),
      nearestVehicleKm: r.nearest_km == null ? null : Math.round(Number(r.nearest_km)),
    };
  });
  return {
    loads,
    vehicleFreeWhatsapp: VEHICLE_FREE_WHATSAPP,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: rows[0] ? Number(rows[0].total) : 0,
  };
}

export async function loadTabs(db: Db, operatorId: string, now = new Date()) {
  const counts = await repo.countTabs(db, operatorId, now);
  return (Object.keys(TAB_LABELS) as OperatorLoadState[]).map((stateId) => ({
    stateId,
    label: TAB_LABELS[stateId][0],
    labelHi: TAB_LABELS[stateId][1],
    count: counts[stateId],
  }));
}

const OPTION_COLUMN = { ORIGIN: 'origin_city', DESTINATION: 'destination_city', VEHICLE_TYPE: 'vehicle_type' } as const;

export async function searchOptions(db: Db, operatorId: string, action: keyof typeof OPTION_COLUMN, now = new Date()) {
  return { action, options: await repo.searchOptions(db, operatorId, OPTION_COLUMN[action], now) };
}

export async function loadDetail(
  db: Db,
  actor: { operatorId: string; userCode: string },
  demandId: string,
  utmSource: string | undefined,
  now = new Date(),
): Promise<LoadDetail> {
  const demand = await demandForOperator(db, actor.operatorId, demandId);
  if (utmSource) {
    await repo.insertView(db, { demandId, operatorId: actor.operatorId, userCode: actor.userCode, utmSource: utmSource.slice(0, 60) });
  }
  const [quote, response, hint] = await Promise.all([
    quoteView(db, demand, actor.operatorId, now),
    repo.findResponse(db, demandId, actor.operatorId),
    fleetHint(db, actor.operatorId),
  ]);
  const nearest = hint.spots.length
    ? Math.min(...hint.spots.map((s) => roadKm(s, { lat: demand.originLat, lng: demand.originLng })))
    : null;
  const won = demand.awardedOperatorId === actor.operatorId;
  return {
    demandId: demand.id,
    state: operatorStateOf(demand, actor.operatorId, quote.value !== null),
    loadState: demand.state,
    laneName: laneName(demand),
    originCity: demand.originCity,
    destinationCity: demand.destinationCity,
    distanceKm: demand.distanceKm,
    vehicleType: demand.vehicleType,
    bodyType: demand.bodyType,
    tyreCount: demand.tyreCount,
    tonnage: Number(demand.tonnage),
    lengthFeet: demand.lengthFeet,
    material: demand.material,
    loadingAt: demand.loadingAt.toISOString(),
    biddingEndsAt: demand.biddingEndsAt.toISOString(),
    timeLeft: quote.timeLeft,
    tokenAmount: toRupees(demand.tokenAmountPaisa),
    myQuote: quote.value,
    consent: response?.consent ?? null,
    vehicleMatch: hint.types.includes(demand.vehicleType),
    nearestVehicleKm: nearest,
    // contacts at the points are for the winner only
    loadingPoints: demand.loadingPoints.map((p) => (won ? p : { ...p, contactName: '', contactPhone: '' })),
    unloadingPoints: demand.unloadingPoints.map((p) => (won ? p : { ...p, contactName: '', contactPhone: '' })),
    origin: { city: demand.originCity, lat: demand.originLat, lng: demand.originLng },
    destination: { city: demand.destinationCity, lat: demand.destinationLat, lng: demand.destinationLng },
    quote,
    result: {
      agreedPrice: won && demand.awardedPricePaisa ? toRupees(demand.awardedPricePaisa) : null,
      tripId: won ? demand.tripId : null,
      awardedAt: demand.awardedAt ? demand.awardedAt.toISOString() : null,
    },
  };
}

/**
 * spec §5: loadConsent ACCEPTED, anything else REJECTED. Repeating an answer changes nothing;
 * rejecting an open load withdraws the operator's quote so it leaves the ranking too.
 */
export async function saveConsent(
  db: Db,
  actor: { operatorId: string; userCode: string },
  demandId: string,
  consent: 'ACCEPTED' | 'REJECTED',
): Promise<{ demandId: string; loadConsent: 'ACCEPTED' | 'REJECTED'; quoteWithdrawn: boolean }> {
  await demandForOperator(db, actor.operatorId, demandId);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const demand = await repo.lockDemand(tx, demandId, 'share');
    await repo.upsertResponse(tx, { demandId, operatorId: actor.operatorId, consent, userCode: actor.userCode });
    let quoteWithdrawn = false;
    if (consent === 'REJECTED' && demand?.state === 'OPEN') quoteWithdrawn = await deleteQuote(tx, demandId, actor.operatorId);
    return { demandId, loadConsent: consent, quoteWithdrawn };
  });
}

/** spec "GET /odin/v2/{id}/call": whom the operator should call about a load. */
export async function callContact(db: Db, operatorId: string, demandId: string) {
  const demand = await demandForOperator(db, operatorId, demandId);
  const point = demand.loadingPoints[0];
  if (demand.awardedOperatorId === operatorId && demand.state !== 'AWARDED' && point?.contactPhone) {
    return { demandId, phoneNumber: point.contactPhone, name: point.contactName || point.name };
  }
  return { demandId, phoneNumber: `+${DESK_PHONE}`, name: 'Bhada load desk' };
}

// ---- consigner and admin -------------------------------------------------------------------

type PostLoad = z.output<typeof postLoadRequestSchema>;

export async function postLoad(
  db: Db,
  actor: { kind: string; userCode: string; consignerCode: string | null },
  input: PostLoad & { consignerCode?: string },
  now = new Date(),
) {
  const consignerCode = actor.kind === 'ADMIN' ? (input.consignerCode ?? actor.consignerCode) : actor.consignerCode;
  if (!consignerCode) throw new AppError('VALIDATION_FAILED', 'Choose the consigner', { field: 'consignerCode' });
  if (!(await repo.findConsignerName(db, consignerCode)))
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
  actor: { kind: string; consignerCode: string | null },
  query: { state?: LoadState; pageNo: number; pageSize: number },
) {
  const scope = actor.kind === 'ADMIN' ? null : actor.consignerCode;
  if (actor.kind !== 'ADMIN' && !scope) throw notFound();
  const { rows, total } = await repo.listDemands(db, {
    consignerCode: scope,
    state: query.state,
    limit: query.pageSize,
    offset: query.pageNo * query.pageSize,
  });
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

const awardDeadline = (d: DemandRow) => (d.awardedAt ? new Date(d.awardedAt.getTime() + AWARD_CHANGE_MINUTES * 60_000) : null);

export async function demandQuotes(db: Db, actor: { kind: string; consignerCode: string | null }, demandId: string) {
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
  winnerOperatorId: string | null;
  loserOperatorIds: string[];
  pricePaisa: number | null;
  /** set when the consigner or admin replaced an earlier winner */
  previousWinner?: string | null;
}

/**
 * Closes a load's auction once its window has ended (the award job and the sweep call this; tests
 * call it directly): the lowest quote wins, ties to the earlier one; no quotes → EXPIRED.
 * Returns null when there is nothing to do (already awarded, or the window is still open).
 */
export async function awardLoad(db: Db, demandId: string, now = new Date()): Promise<AwardOutcome | null> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const demand = await repo.lockDemand(tx, demandId, 'update');
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
  actor: { kind: string; consignerCode: string | null; userCode: string },
  demandId: string,
  input: { operatorId: string; reason: string },
  now = new Date(),
): Promise<AwardOutcome> {
  await demandForConsigner(db, actor, demandId);
  const outcome = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const demand = (await repo.lockDemand(tx, demandId, 'update'))!;
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

export async function cancelDemand(db: Db, actor: { kind: string; consignerCode: string | null }, demandId: string, reason: string) {
  await demandForConsigner(db, actor, demandId);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const demand = (await repo.lockDemand(tx, demandId, 'update'))!;
    // a paid token is cancelled (and refunded) by the tokens flow, not here
    if (demand.state !== 'OPEN' && demand.state !== 'AWARDED') throw new AppError('LOAD_STATE_CONFLICT', LOADS_MESSAGES.stateConflict);
    const moved = await moveLoad(tx, demand, 'CANCELLED', { cancelReason: reason });
    return { demandId: moved.id };
  });
}

export async function ownersOf(db: Db, operatorIds: string[]) {
  return repo.ownersOf(db, operatorIds);
}
export { findDemand, listDueForAward } from './loads.repository.ts';
