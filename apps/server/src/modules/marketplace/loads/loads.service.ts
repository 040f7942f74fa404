import type { LoadDetail, LoadListQuery, LoadListResponse, OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { type Db, inTransaction } from '../../../db/client.ts';
import { roadKm } from '../../../lib/geo.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';
import { listSavedPlaces, savedPlaceOf } from '../../account/places/places-app.service.ts';
import { boardTenant } from '../board/board-context.ts';
import { demandForOperator } from '../board/demand-access.ts';
import * as repo from '../board/demands.repository.ts';
import { deleteQuote } from '../quotes/quotes.repository.ts';
import { quoteView, toRupees } from '../quotes/quotes.service.ts';
import { fitOf, planOpenPage } from './board-fit.ts';
import { type KeptLoad, loadSummaryOf, type OperatorFacts, operatorStateOf, type ShownLoad, shownLoadOf } from './load-summary.ts';
import { keptOpenBoard } from './open-cells.ts';

export { operatorStateOf } from './load-summary.ts';

export type DemandRow = repo.DemandRow;

/** The desk number operators message when a vehicle is free (spec §3 vehicleFreeWhatsapp). */
export const DESK_PHONE = '918000000900';
export const VEHICLE_FREE_WHATSAPP = `https://wa.me/${DESK_PHONE}?text=${encodeURIComponent('My vehicle is free. Please share loads.')}`;

export const TAB_LABELS: Record<OperatorLoadState, [string, string]> = {
  OPEN: ['New loads', 'नए लोड'],
  QUOTED: ['My quotes', 'मेरे भाव'],
  WON: ['Won', 'जीते हुए'],
  CONFIRMED: ['Confirmed', 'पक्के'],
  LOST: ['Closed', 'बंद'],
};

export const laneName = (d: { originCity: string; destinationCity: string }) => `${d.originCity} → ${d.destinationCity}`;

export async function fleetHint(db: Db, operatorId: OperatorId): Promise<repo.FleetHint> {
  return hintOf(await repo.fleetOf(db, { operatorId }));
}

function hintOf(fleet: Awaited<ReturnType<typeof repo.fleetOf>>): repo.FleetHint {
  const spots = new Map<string, { lat: number; lng: number }>();
  for (const v of fleet) {
    if (v.lat == null || v.lng == null) continue;
    // each vehicle's latest position as it is (ADR 270): the load card agrees with the token page
    spots.set(`${v.lat}:${v.lng}`, { lat: v.lat, lng: v.lng });
  }
  return {
    types: [...new Set(fleet.map((v) => v.vehicleType))],
    bodies: [...new Set(fleet.map((v) => v.bodyType))],
    spots: [...spots.values()].slice(0, 30),
  };
}

/** The operator's own saved places as filter points; another account's place answers 404 (ADR 115). */
const placeOwner = (operatorId: OperatorId) => ({ kind: 'OPERATOR' as const, id: operatorId });
async function nearSaved(db: Db, operatorId: OperatorId, id: string | undefined): Promise<repo.NearPoint | undefined> {
  if (!id) return undefined;
  const place = await savedPlaceOf(db, { owner: placeOwner(operatorId), id });
  return { lat: place.placeLat, lng: place.placeLng };
}

/** One load of a board page: what it shows, and what depends on the operator asking. */
type BoardEntry = OperatorFacts & { shown: ShownLoad };

/**
 * The OPEN tab in fleet-fit order (ADR 159): the loads are counted per fit cell, the cells ranked here,
 * and only the slices of the fit classes the page overlaps are read. The total is exact. Unfiltered, the
 * counts, the page's ids and what its loads show come from the open loads the process keeps (ADRs 173, 192).
 */
async function openBoard(
  db: Db,
  operatorId: OperatorId,
  context: { hint: repo.FleetHint; accepted: ReadonlySet<string> },
  filters: repo.BoardFilters,
  page: { limit: number; offset: number },
  now: Date,
  kept: Awaited<ReturnType<typeof keptOpenBoard>> | undefined,
): Promise<{ total: number; entries: BoardEntry[] }> {
  const fleet = context.hint;
  const counted = kept ? kept.counted : await repo.countOpenCells(db, { operatorId, now, filters });
  const plan = planOpenPage(counted, fleet, page.offset, page.limit);
  const fitted = (shown: ShownLoad, cell: KeptLoad['cell'], myQuotePaisa: number | null, consent: BoardEntry['consent']) => {
    const fit = fitOf(fleet, cell);
    return { shown, myQuotePaisa, consent, vehicleMatch: fit.typeMatch, nearestKm: fit.nearest };
  };
  if (kept) {
    // on the OPEN tab the operator has quoted on none of its loads, by the tab's rule
    const loads = await kept.pageRows(plan.slices);
    return {
      total: plan.total,
      entries: loads.map((k) => fitted(k, k.cell, null, context.accepted.has(k.load.demandId) ? 'ACCEPTED' : null)),
    };
  }
  const rows = await repo.listOpenPage(db, { operatorId, now, filters, slices: plan.slices });
  return {
    total: plan.total,
    entries: rows.map((r) =>
      fitted(
        shownLoadOf(r),
        { vehicleType: r.vehicle_type, bodyType: r.body_type, lat: Number(r.origin_lat), lng: Number(r.origin_lng) },
        r.my_quote == null ? null : Number(r.my_quote),
        r.consent,
      ),
    ),
  };
}

/**
 * The operator's fleet hint and answers on open loads (ADR 192): kept per process while the announcements arrive,
 * read per request otherwise. This process's own quotes and answers forget it at once (forgetBoardContext).
 */
async function boardContext(db: Db, operatorId: OperatorId, reads: TenantReadCache | undefined) {
  const load = async () => {
    const context = await repo.boardContextOf(db, { operatorId });
    return { hint: hintOf(context.fleet), answered: context.answered, accepted: new Set(context.accepted) };
  };
  return reads?.isLive ? reads.read(boardTenant(operatorId), 'loads.board-context', load) : load();
}

export async function listLoads(
  db: Db,
  operatorId: OperatorId,
  query: LoadListQuery,
  now = new Date(),
  reads?: TenantReadCache,
): Promise<LoadListResponse> {
  const tab = query['state-id'];
  // the unfiltered OPEN tab counts from what the process keeps of the open loads (ADR 173); with the
  // announcement feed lost nothing is kept, and a read of every open load per request would cost more than
  // counting them in SQL, so the board counts in SQL then
  const unfiltered = !query.origin && !query.destination && !query.originPlace && !query.destinationPlace && !query.vehicleType;
  const keep = tab === 'OPEN' && unfiltered && reads?.isLive ? reads : undefined;
  const [context, originNear, destinationNear] = await Promise.all([
    boardContext(db, operatorId, reads),
    nearSaved(db, operatorId, query.originPlace),
    nearSaved(db, operatorId, query.destinationPlace),
  ]);
  const fleet = context.hint;
  const kept = keep ? await keptOpenBoard(db, keep, context.answered, now) : undefined;
  const filters = { origin: query.origin, destination: query.destination, originNear, destinationNear, vehicleType: query.vehicleType };
  const page = { limit: query.pageSize, offset: query.pageNo * query.pageSize };
  const { entries, total } =
    tab === 'OPEN'
      ? await openBoard(db, operatorId, context, filters, page, now, kept)
      : await repo.listBoard(db, { operatorId, tab, now, fleet, filters, ...page }).then((found) => ({
          total: found[0] ? Number(found[0].total) : 0,
          entries: found.map((r) => ({
            shown: shownLoadOf(r),
            myQuotePaisa: r.my_quote == null ? null : Number(r.my_quote),
            consent: r.consent,
            vehicleMatch: Boolean(r.type_match),
            nearestKm: r.nearest_km == null ? null : Number(r.nearest_km),
          })),
        }));
  return {
    loads: entries.map((e) => loadSummaryOf(e.shown, e, { operatorId, now })),
    vehicleFreeWhatsapp: VEHICLE_FREE_WHATSAPP,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: total,
  };
}

export async function loadTabs(db: Db, operatorId: OperatorId, now = new Date()) {
  const counts = await repo.countTabs(db, { operatorId, now });
  return (Object.keys(TAB_LABELS) as OperatorLoadState[]).map((stateId) => ({
    stateId,
    label: TAB_LABELS[stateId][0],
    labelHi: TAB_LABELS[stateId][1],
    count: counts[stateId],
  }));
}

export const OPTION_COLUMN = { ORIGIN: 'origin_city', DESTINATION: 'destination_city', VEHICLE_TYPE: 'vehicle_type' } as const;

/** Filter values with counts; origin and destination also offer the operator's saved places (ADR 115). */
export async function searchOptions(db: Db, operatorId: OperatorId, action: keyof typeof OPTION_COLUMN, now = new Date()) {
  const options = await repo.searchOptions(db, { operatorId, column: OPTION_COLUMN[action], now });
  if (action === 'VEHICLE_TYPE') return { action, options, savedPlaces: [] };
  const places = await listSavedPlaces(db, { owner: placeOwner(operatorId) });
  const points = places.map((p) => ({ lat: p.placeLat, lng: p.placeLng }));
  const counts = await repo.countNear(db, { operatorId, end: action === 'ORIGIN' ? 'origin' : 'destination', points, now });
  return { action, options, savedPlaces: places.map((p, i) => ({ id: p.id, placeName: p.placeName, count: counts[i] ?? 0 })) };
}

export async function loadDetail(
  db: Db,
  actor: { operatorId: OperatorId; userCode: string },
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
    repo.findResponse(db, { demandId, operatorId: actor.operatorId }),
    fleetHint(db, actor.operatorId),
  ]);
  const nearest = hint.spots.length
    ? Math.min(...hint.spots.map((s) => roadKm(s, { lat: demand.originLat, lng: demand.originLng })))
    : null;
  const won = demand.awardedOperatorId === actor.operatorId;
  return {
    demandId: demand.id,
    state: operatorStateOf(demand, {
      operatorId: actor.operatorId,
      quoted: quote.value !== null,
      rejected: response?.consent === 'REJECTED',
      now,
    }),
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
  actor: { operatorId: OperatorId; userCode: string },
  demandId: string,
  consent: 'ACCEPTED' | 'REJECTED',
): Promise<{ demandId: string; loadConsent: 'ACCEPTED' | 'REJECTED'; quoteWithdrawn: boolean }> {
  await demandForOperator(db, actor.operatorId, demandId);
  return inTransaction(db, async (tx) => {
    const demand = await repo.lockDemand(tx, { id: demandId, mode: 'share' });
    await repo.upsertResponse(tx, { demandId, operatorId: actor.operatorId, consent, userCode: actor.userCode });
    let quoteWithdrawn = false;
    if (consent === 'REJECTED' && demand?.state === 'OPEN')
      quoteWithdrawn = await deleteQuote(tx, { demandId, operatorId: actor.operatorId });
    return { demandId, loadConsent: consent, quoteWithdrawn };
  });
}

/** spec "GET /odin/v2/{id}/call": whom the operator should call about a load. */
export async function callContact(db: Db, operatorId: OperatorId, demandId: string) {
  const demand = await demandForOperator(db, operatorId, demandId);
  const point = demand.loadingPoints[0];
  if (demand.awardedOperatorId === operatorId && demand.state !== 'AWARDED' && point?.contactPhone) {
    return { demandId, phoneNumber: point.contactPhone, name: point.contactName || point.name };
  }
  return { demandId, phoneNumber: `+${DESK_PHONE}`, name: 'Bhada load desk' };
}
