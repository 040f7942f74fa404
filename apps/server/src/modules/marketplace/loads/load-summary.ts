import type { LoadState, LoadSummary, OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { BoardLoadRow, FitCell } from '../board/demands.repository.ts';
import { tabOf } from '../board/load-tabs.ts';
import { secondsLeft, toRupees } from '../quotes/quotes.service.ts';

/**
 * How one operator sees a load's state: the tab of the board it is listed under (one table of rules,
 * `load-tabs.ts`). A load on none of this operator's tabs (answered "not interested", bidding over
 * without a quote, or closed without one) shows as closed.
 */
export function operatorStateOf(
  demand: { state: LoadState; awardedOperatorId: OperatorId | null; biddingEndsAt: Date },
  scope: { operatorId: OperatorId; quoted: boolean; rejected: boolean; now: Date },
): OperatorLoadState {
  const facts = {
    state: demand.state,
    mine: demand.awardedOperatorId === scope.operatorId,
    quoted: scope.quoted,
    rejected: scope.rejected,
    biddingOpen: demand.biddingEndsAt.getTime() > scope.now.getTime(),
  };
  return tabOf(facts) ?? 'LOST';
}

/**
 * What the board shows of a load that is the same for every operator, mapped once per row: on the OPEN tab it
 * is kept with the open loads (ADR 192), so a page of them costs each request only what depends on who asks.
 */
export interface ShownLoad {
  load: Omit<LoadSummary, 'state' | 'timeLeft' | 'myQuote' | 'consent' | 'vehicleMatch' | 'nearestVehicleKm'>;
  endsAt: Date;
  awardedOperatorId: OperatorId | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function shownLoadOf(r: BoardLoadRow): ShownLoad {
  const endsAt = new Date(r.bidding_ends_at);
  return {
    load: {
      demandId: r.id,
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
      tokenAmount: toRupees(Number(r.token_amount_paisa)),
    },
    endsAt,
    awardedOperatorId: r.awarded_operator_id,
  };
}

/** A kept OPEN-tab load: what it shows and the fit cell the operator's fleet is measured against. */
export interface KeptLoad extends ShownLoad {
  cell: FitCell;
}

/** What depends on the operator asking: its quote and answer, and how its fleet fits the load. */
export interface OperatorFacts {
  myQuotePaisa: number | null;
  consent: 'ACCEPTED' | 'REJECTED' | null;
  vehicleMatch: boolean;
  nearestKm: number | null;
}

export function loadSummaryOf(shown: ShownLoad, f: OperatorFacts, scope: { operatorId: OperatorId; now: Date }): LoadSummary {
  const s = shown.load;
  return {
    demandId: s.demandId,
    state: operatorStateOf(
      { state: s.loadState, awardedOperatorId: shown.awardedOperatorId, biddingEndsAt: shown.endsAt },
      { operatorId: scope.operatorId, quoted: f.myQuotePaisa !== null, rejected: f.consent === 'REJECTED', now: scope.now },
    ),
    loadState: s.loadState,
    laneName: s.laneName,
    originCity: s.originCity,
    destinationCity: s.destinationCity,
    distanceKm: s.distanceKm,
    vehicleType: s.vehicleType,
    bodyType: s.bodyType,
    tyreCount: s.tyreCount,
    tonnage: s.tonnage,
    lengthFeet: s.lengthFeet,
    material: s.material,
    loadingAt: s.loadingAt,
    biddingEndsAt: s.biddingEndsAt,
    timeLeft: s.loadState === 'OPEN' ? secondsLeft(shown.endsAt, scope.now) : 0,
    tokenAmount: s.tokenAmount,
    myQuote: f.myQuotePaisa === null ? null : toRupees(f.myQuotePaisa),
    consent: f.consent,
    vehicleMatch: f.vehicleMatch,
    nearestVehicleKm: f.nearestKm == null ? null : Math.round(f.nearestKm),
  };
}
