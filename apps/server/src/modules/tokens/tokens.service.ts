import {
  type CancelTokenPreview,
  type CancelTokenResponse,
  type EligibleVehicle,
  type FleetLoadConfirmation,
  type PayTokenResponse,
  PROXIMITY_WARNING_KM,
  REFUND_POLICY,
  SHARE_LINK_TTL_SECONDS,
  type SharedConfirmationQuery,
  type SharedFleetConfirmation,
  TOKENS_MESSAGES,
  type Token,
  type TokenDetails,
  type VehicleDetailsRequest,
} from '@bhada/contracts/tokens';
import { PRE_LOADING_STATES } from '@bhada/contracts/trips';
import { type Db, inTransaction } from '../../db/client.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { roadKm } from '../../lib/geo.ts';
import { newId } from '../../lib/ids.ts';
import { moveLoad } from '../demands/demand-state.ts';
import { type DemandRow, findDemand, lockDemand } from '../demands/demands.repository.ts';
import { accounts } from '../ledger/accounts.ts';
import { balanceOf, type Leg, postEntry, withIdempotency } from '../ledger/ledger.service.ts';
// operations
import { consignmentForConfirmedLoad } from '../operations/trip-consignment.service.ts';
import { cancelForToken, findTripState, lockCancellable } from '../trips/trip-state.ts';
import * as repo from './tokens.repository.ts';

const toRupees = (paisa: number) => paisa / 100;
const wallet = accounts.operatorWallet;
const escrow = accounts.tokenEscrow;
const laneName = (d: DemandRow) => `${d.originCity} → ${d.destinationCity}`;

/**
 * The load as its winner sees it for the token flow. Anyone else — including an operator that lost,
 * or the previous winner after the consigner changed the award — gets 404.
 */
async function wonDemand(db: Db, operatorId: string, demandId: string): Promise<DemandRow> {
  const demand = await findDemand(db, demandId);
  if (
    !demand ||
    demand.awardedOperatorId !== operatorId ||
    !['AWARDED', 'CONFIRMED', 'IN_TRIP', 'CLOSED', 'CANCELLED'].includes(demand.state)
  ) {
    throw notFound('Load not found');
  }
  return demand;
}

function toToken(row: repo.TokenRow, vehicleNumber: string | null): Token {
  return {
    tokenId: row.id,
    demandId: row.demandId,
    status: row.status,
    tokenAmount: toRupees(row.amountPaisa),
    vehicleId: row.vehicleId,
    vehicleNumber,
    driverName: row.driverName,
    driverNumber: row.driverPhone,
    tripId: row.tripId,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    refundAmount: row.refundPaisa == null ? null : toRupees(row.refundPaisa),
  };
}

type VehicleRow = Awaited<ReturnType<typeof repo.listOperatorVehicles>>[number];

/** A vehicle fits a load when it is verified, has the load's body type and carries its weight. */
const fits = (v: VehicleRow, d: DemandRow) =>
  v.status === 'VERIFIED' && v.bodyType === d.bodyType && Number(v.tonnage) >= Number(d.tonnage);

function toEligible(v: VehicleRow, d: DemandRow, busy: Set<string>): EligibleVehicle {
  const point = d.loadingPoints[0] ?? { lat: d.originLat, lng: d.originLng };
  const distanceKm = v.lat == null || v.lng == null ? null : roadKm({ lat: v.lat, lng: v.lng }, point);
  return {
    vehicleId: v.id,
    vehicleNumber: v.number,
    vehicleType: v.vehicleType,
    bodyType: v.bodyType,
    currentCity: v.currentCity,
    distanceKm,
    vehicleProximityWarning: distanceKm === null || distanceKm > PROXIMITY_WARNING_KM,
    available: !busy.has(v.id),
  };
}

/** spec "demand/{id}/vehicles": the winner's vehicles that fit, free and nearest first. */
export async function eligibleVehicles(db: Db, operatorId: string, demandId: string): Promise<EligibleVehicle[]> {
  const demand = await wonDemand(db, operatorId, demandId);
  const [all, busy] = await Promise.all([repo.listOperatorVehicles(db, operatorId), repo.busyVehicleIds(db, operatorId)]);
  return all
    .filter((v) => fits(v, demand))
    .map((v) => toEligible(v, demand, busy))
    .sort((a, b) => Number(b.available) - Number(a.available) || (a.distanceKm ?? 1e9) - (b.distanceKm ?? 1e9));
}

export async function vehicleDetail(db: Db, operatorId: string, vehicleId: string, demandId?: string) {
  const v = await repo.findVehicle(db, operatorId, vehicleId);
  if (!v) throw notFound('Vehicle not found');
  const busy = await repo.busyVehicleIds(db, operatorId);
  const demand = demandId ? await wonDemand(db, operatorId, demandId) : undefined;
  const base: EligibleVehicle = demand
    ? toEligible(v, demand, busy)
    : {
        vehicleId: v.id,
        vehicleNumber: v.number,
        vehicleType: v.vehicleType,
        bodyType: v.bodyType,
        currentCity: v.currentCity,
        distanceKm: null,
        vehicleProximityWarning: false,
        available: !busy.has(v.id),
      };
  return { ...base, tyreCount: v.tyreCount, tonnage: Number(v.tonnage), sizeInFeet: v.sizeInFeet, status: v.status };
}

export async function phonebook(db: Db, operatorId: string, demandId: string) {
  await wonDemand(db, operatorId, demandId);
  const rows = await repo.listDrivers(db, operatorId);
  return rows.map((d) => ({ driverId: d.id, driverName: d.name, driverNumber: d.phone }));
}

async function vehicleNumberOf(db: Db, operatorId: string, vehicleId: string | null) {
  if (!vehicleId) return null;
  return (await repo.findVehicle(db, operatorId, vehicleId))?.number ?? null;
}

/** spec "token/{id}/vehicle-details": the winner's vehicle and driver for the load. */
export async function saveVehicleDetails(db: Db, operatorId: string, demandId: string, input: VehicleDetailsRequest): Promise<Token> {
  const demand = await wonDemand(db, operatorId, demandId);
  if (demand.state !== 'AWARDED') throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
  const vehicle = await repo.findVehicle(db, operatorId, input.vehicleId);
  if (!vehicle) throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleNotEligible, { field: 'vehicleId' });
  if (!fits(vehicle, demand)) throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleNotEligible, { field: 'vehicleId' });
  if ((await repo.busyVehicleIds(db, operatorId)).has(vehicle.id)) {
    throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
  }
  const row = await inTransaction(db, async (tx) => {
    await repo.rememberDriver(tx, { id: newId('DRV'), operatorId, name: input.driverName, phone: input.driverNumber });
    return repo.upsertDraft(tx, {
      id: newId('TK', 10),
      demandId,
      operatorId,
      amountPaisa: demand.tokenAmountPaisa,
      vehicleId: vehicle.id,
      driverName: input.driverName,
      driverPhone: input.driverNumber,
      status: 'DRAFT',
    });
  });
  if (!row) throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
  return toToken(row, vehicle.number);
}

/** spec "demand/{id}/initiate-token": the token is ready to pay once vehicle and driver are chosen. */
export async function initiateToken(db: Db, operatorId: string, demandId: string): Promise<Token> {
  const demand = await wonDemand(db, operatorId, demandId);
  const current = await repo.findToken(db, demandId, operatorId);
  if (current && (current.status === 'PAID' || current.status === 'CANCELLED'))
    return toToken(current, await vehicleNumberOf(db, operatorId, current.vehicleId));
  if (demand.state !== 'AWARDED') throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
  if (!current?.vehicleId || !current.driverPhone) throw new AppError('TOKEN_DETAILS_MISSING', TOKENS_MESSAGES.detailsMissing);
  const row = await repo.updateToken(db, current.id, { status: 'INITIATED', amountPaisa: demand.tokenAmountPaisa });
  return toToken(row, await vehicleNumberOf(db, operatorId, row.vehicleId));
}

export async function getToken(db: Db, operatorId: string, demandId: string): Promise<Token> {
  await wonDemand(db, operatorId, demandId);
  const row = await repo.findToken(db, demandId, operatorId);
  if (!row) throw notFound('Token not found');
  return toToken(row, await vehicleNumberOf(db, operatorId, row.vehicleId));
}

export async function tokenDetails(db: Db, operatorId: string, demandId: string): Promise<TokenDetails> {
  const demand = await wonDemand(db, operatorId, demandId);
  const [row, balance] = await Promise.all([repo.findToken(db, demandId, operatorId), balanceOf(db, wallet(operatorId))]);
  return {
    demandId,
    laneName: laneName(demand),
    tokenAmount: toRupees(demand.tokenAmountPaisa),
    opQuote: toRupees(demand.awardedPricePaisa ?? 0),
    balanceAfterToken: toRupees(balance - demand.tokenAmountPaisa),
    walletBalance: toRupees(balance),
    canPay: demand.state === 'AWARDED' && balance >= demand.tokenAmountPaisa,
    loadingAt: demand.loadingAt.toISOString(),
    token: row ? toToken(row, await vehicleNumberOf(db, operatorId, row.vehicleId)) : null,
  };
}

/** spec §3 "Fleet load confirmation" (the /public/fleet-load-confirmation page). */
export async function fleetLoadConfirmation(
  db: Db,
  operatorId: string,
  demandId: string,
  now = new Date(),
): Promise<FleetLoadConfirmation> {
  const demand = await wonDemand(db, operatorId, demandId);
  const row = await repo.findToken(db, demandId, operatorId);
  let vehicles: EligibleVehicle[] = [];
  if (row?.vehicleId) {
    const v = await repo.findVehicle(db, operatorId, row.vehicleId);
    if (v) vehicles = [toEligible(v, demand, new Set())];
  }
  return {
    demandId,
    laneName: laneName(demand),
    tokenAmount: toRupees(demand.tokenAmountPaisa),
    status: row?.status ?? 'AWAITING_TOKEN',
    opQuote: toRupees(demand.awardedPricePaisa ?? 0),
    tripId: row?.tripId ?? null,
    vehicles,
    vehicleProximityWarning: vehicles.some((v) => v.vehicleProximityWarning),
    loadingTimeRemaining: Math.max(0, Math.floor((demand.loadingAt.getTime() - now.getTime()) / 1000)),
    loadingAt: demand.loadingAt.toISOString(),
    contact: row?.driverName && row.driverPhone ? { driverName: row.driverName, driverNumber: row.driverPhone } : null,
  };
}

/**
 * ADR 142: the public confirmation page is reached only through a link signed with the app secret
 * over the load, the operator it is awarded to and the expiry. A changed award or any edited
 * parameter breaks the signature; the link never opens another load.
 */
const shareText = (demandId: string, operatorId: string, exp: number) => `fleet-load-confirmation\n${demandId}\n${operatorId}\n${exp}`;

export async function shareLink(db: Db, secret: string, operatorId: string, demandId: string, now = new Date()) {
  await wonDemand(db, operatorId, demandId);
  const exp = Math.floor(now.getTime() / 1000) + SHARE_LINK_TTL_SECONDS;
  const sig = hmac(secret, shareText(demandId, operatorId, exp));
  const query = new URLSearchParams({ demandId, exp: String(exp), sig });
  return { path: `/public/fleet-load-confirmation?${query}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function sharedConfirmation(
  db: Db,
  secret: string,
  q: SharedConfirmationQuery,
  now = new Date(),
): Promise<SharedFleetConfirmation> {
  const demand = await findDemand(db, q.demandId);
  const operatorId = demand?.awardedOperatorId;
  // the signature is checked before the expiry, so a forged link learns nothing about the load
  if (!operatorId || !safeEqual(q.sig, hmac(secret, shareText(q.demandId, operatorId, q.exp)))) {
    throw new AppError('SHARE_LINK_INVALID', TOKENS_MESSAGES.shareLinkInvalid);
  }
  if (q.exp * 1000 < now.getTime()) throw new AppError('SHARE_LINK_EXPIRED', TOKENS_MESSAGES.shareLinkExpired);
  const c = await fleetLoadConfirmation(db, operatorId, q.demandId, now);
  return {
    demandId: c.demandId,
    laneName: c.laneName,
    status: c.status,
    tripId: c.tripId,
    loadingAt: c.loadingAt,
    loadingTimeRemaining: c.loadingTimeRemaining,
    vehicles: c.vehicles.map((v) => ({ vehicleNumber: v.vehicleNumber, vehicleType: v.vehicleType })),
    contact: c.contact,
    expiresAt: new Date(q.exp * 1000).toISOString(),
  };
}

/**
 * spec "token/{id}/pay-token": wallet → escrow through the ledger, the trip row and the load's
 * move to CONFIRMED in one transaction, once per idempotency key; a second payment of the same
 * token (any key) finds it PAID under the load's lock and debits nothing.
 */
export async function payToken(
  db: Db,
  operatorId: string,
  demandId: string,
  idempotencyKey: string | undefined,
): Promise<PayTokenResponse> {
  await wonDemand(db, operatorId, demandId);
  const { result } = await withIdempotency(
    db,
    { scope: `token-pay:${operatorId}`, key: idempotencyKey || `demand:${demandId}`, request: { demandId } },
    async (tx): Promise<PayTokenResponse> => {
      const demand = (await lockDemand(tx, demandId, 'update'))!;
      const token = await repo.findToken(tx, demandId, operatorId);
      if (token?.status === 'PAID' && token.tripId) {
        return {
          status: 'PAID',
          tripId: token.tripId,
          tokenAmount: toRupees(token.amountPaisa),
          balanceInPaisa: await balanceOf(tx, wallet(operatorId)),
        };
      }
      if (demand.state !== 'AWARDED' || demand.awardedOperatorId !== operatorId)
        throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
      if (!token?.vehicleId || !token.driverName || !token.driverPhone)
        throw new AppError('TOKEN_DETAILS_MISSING', TOKENS_MESSAGES.detailsMissing);
      if ((await repo.busyVehicleIds(tx, operatorId)).has(token.vehicleId)) {
        throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
      }
      const amount = demand.tokenAmountPaisa;
      const posted = await postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: `Token for load ${demandId} (${laneName(demand)})`,
        referenceType: 'DEMAND',
        referenceId: demandId,
        legs: [
          { account: wallet(operatorId), amount: -amount },
          { account: escrow(demandId), amount },
        ],
      });
      const tripId = newId('TRP', 8);
      await repo.insertTrip(tx, {
        id: tripId,
        demandId,
        operatorId,
        consignerCode: demand.consignerCode,
        vehicleId: token.vehicleId,
        driverName: token.driverName,
        driverPhone: token.driverPhone,
        originCity: demand.originCity,
        destinationCity: demand.destinationCity,
        loadingPoints: demand.loadingPoints,
        unloadingPoints: demand.unloadingPoints,
        agreedPricePaisa: demand.awardedPricePaisa!,
        tokenAmountPaisa: amount,
      });
      await repo.updateToken(tx, token.id, {
        status: 'PAID',
        amountPaisa: amount,
        tripId,
        paymentEntryId: posted.entryId,
        paidAt: new Date(),
      });
      await moveLoad(tx, demand, 'CONFIRMED', { tripId });
      // operations: the confirmed load becomes a consignment with its vehicle scheduled for loading
      await consignmentForConfirmedLoad(tx, {
        tripId,
        operatorId,
        vehicleId: token.vehicleId,
        consignerCode: demand.consignerCode,
        originCity: demand.originCity,
        destinationCity: demand.destinationCity,
        bodyType: demand.bodyType,
        material: demand.material,
        tonnage: demand.tonnage,
        loadingAt: demand.loadingAt,
        freightPaisa: demand.awardedPricePaisa!,
      });
      return {
        status: 'PAID',
        tripId,
        tokenAmount: toRupees(amount),
        balanceInPaisa: posted.balances[`OPERATOR_WALLET:${operatorId}`]!.closing,
      };
    },
  );
  return result;
}

/**
 * Refund on cancel (ADR 025): all of it until 24 h before loading, half after that, nothing once
 * the trip has started. Whole paisa: the operator's half is rounded down.
 */
export function refundFor(amountPaisa: number, loadingAt: Date, tripStarted: boolean, now: Date): number {
  if (tripStarted) return 0;
  const cutoff = loadingAt.getTime() - REFUND_POLICY.fullRefundHoursBeforeLoading * 3_600_000;
  if (now.getTime() <= cutoff) return amountPaisa;
  return Math.floor((amountPaisa * REFUND_POLICY.latePercent) / 100);
}

/**
 * The refund a cancel would give now, by the same rule the cancel applies (ADR 025). Reads the
 * trip's state without moving anything; a trip past loading is not cancellable and refunds nothing.
 */
export async function cancelTokenPreview(db: Db, operatorId: string, demandId: string, now = new Date()): Promise<CancelTokenPreview> {
  const demand = await wonDemand(db, operatorId, demandId);
  const token = await repo.findToken(db, demandId, operatorId);
  const amount = token?.amountPaisa ?? demand.tokenAmountPaisa;
  const none = { allowed: false, tokenAmount: toRupees(amount), refundAmount: 0, keptAmount: 0, rule: 'NONE' as const };
  if (token?.status !== 'PAID' || !token.tripId) return none;
  const tripState = await findTripState(db, token.tripId);
  if (!tripState || !PRE_LOADING_STATES.includes(tripState)) return none;
  const started = demand.state === 'IN_TRIP' || demand.state === 'CLOSED' || tripState !== 'ASSIGNED';
  const refund = refundFor(amount, demand.loadingAt, started, now);
  return {
    allowed: true,
    tokenAmount: toRupees(amount),
    refundAmount: toRupees(refund),
    keptAmount: toRupees(amount - refund),
    rule: refund === amount ? 'FULL' : refund > 0 ? 'LATE' : 'NONE',
  };
}

/** spec "POST /rest/tesseract/v1/token/{demandId}/cancel": refunds per policy, exactly once. */
export async function cancelToken(
  db: Db,
  operatorId: string,
  demandId: string,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<CancelTokenResponse> {
  await wonDemand(db, operatorId, demandId);
  const { result } = await withIdempotency(
    db,
    { scope: `token-cancel:${operatorId}`, key: idempotencyKey || `demand:${demandId}`, request: { demandId } },
    async (tx): Promise<CancelTokenResponse> => {
      const demand = (await lockDemand(tx, demandId, 'update'))!;
      const token = await repo.findToken(tx, demandId, operatorId);
      if (token?.status === 'CANCELLED') {
        return {
          status: 'CANCELLED',
          refundAmount: toRupees(token.refundPaisa ?? 0),
          keptAmount: toRupees(token.keptPaisa ?? 0),
          balanceInPaisa: await balanceOf(tx, wallet(operatorId)),
        };
      }
      if (token?.status !== 'PAID' || !token.tripId) throw new AppError('TOKEN_NOT_PAID', TOKENS_MESSAGES.notPaid);
      // the trip's own rules decide whether it may still be cancelled (ADR 030): once loaded, no
      const tripState = await lockCancellable(tx, token.tripId);
      const started = demand.state === 'IN_TRIP' || demand.state === 'CLOSED' || tripState !== 'ASSIGNED';
      const refund = refundFor(token.amountPaisa, demand.loadingAt, started, now);
      const kept = token.amountPaisa - refund;
      const legs: Leg[] = [{ account: escrow(demandId), amount: -token.amountPaisa }];
      if (refund > 0) legs.push({ account: wallet(operatorId), amount: refund });
      if (kept > 0) legs.push({ account: accounts.platformRevenue, amount: kept });
      const posted = await postEntry(tx, {
        kind: 'TOKEN_CANCEL',
        memo: `Token cancelled for load ${demandId}: refund ₹${toRupees(refund)}, fee ₹${toRupees(kept)}`,
        referenceType: 'DEMAND',
        referenceId: demandId,
        legs,
      });
      await repo.updateToken(tx, token.id, { status: 'CANCELLED', cancelledAt: now, refundPaisa: refund, keptPaisa: kept });
      await cancelForToken(tx, {
        tripId: token.tripId,
        from: tripState,
        by: { kind: 'OPERATOR', id: operatorId },
        reason: 'Token cancelled by the operator',
        refundPaisa: refund,
        keptPaisa: kept,
        entryId: posted.entryId,
      });
      await moveLoad(tx, demand, 'CANCELLED', { cancelReason: 'Token cancelled by the operator' });
      return {
        status: 'CANCELLED',
        refundAmount: toRupees(refund),
        keptAmount: toRupees(kept),
        balanceInPaisa: posted.balances[`OPERATOR_WALLET:${operatorId}`]?.closing ?? (await balanceOf(tx, wallet(operatorId))),
      };
    },
  );
  return result;
}
