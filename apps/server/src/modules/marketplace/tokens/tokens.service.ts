import {
  type CancelTokenPreview,
  type CancelTokenResponse,
  type PayTokenResponse,
  REFUND_POLICY,
  TOKENS_MESSAGES,
  type Token,
  type TokenDetails,
  type VehicleDetailsRequest,
} from '@bhada/contracts/marketplace/tokens';
import { PRE_LOADING_STATES, TRIPS_MESSAGES } from '@bhada/contracts/trips/trips';
import { type Db, inTransaction } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { memo } from '../../../lib/texts/memos.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, type Leg, postEntry, withIdempotency } from '../../money/ledger/ledger.service.ts';
// operations
import { consignmentForConfirmedLoad } from '../../operations/operations/trip-consignment.service.ts';
import { cancelForToken, findTripState, lockCancellable } from '../../trips/trips/trip-state.ts';
import { moveLoad } from '../board/demand-state.ts';
import { lockDemand } from '../board/demands.repository.ts';
import { escrow, fits, laneName, toRupees, toToken, vehicleNumberOf, wallet, wonDemand } from './token-access.ts';
import * as repo from './tokens.repository.ts';

// the token's vehicle lists and the shared confirmation page live beside this file; the routes call them here
export { fleetLoadConfirmation, sharedConfirmation, shareLink } from './fleet-confirmation.service.ts';
export { eligibleVehicles, phonebook, vehicleDetail } from './token-vehicles.service.ts';

/** Issue 48: a driver on an unfinished trip of the operator cannot be put on another one. */
async function refuseBusyDriver(db: Db, operatorId: OperatorId, phone: string) {
  const tripId = (await repo.busyDriverTrips(db, { operatorId })).get(phone);
  if (tripId) throw new AppError('DRIVER_BUSY', TRIPS_MESSAGES.driverBusy(tripId), { field: 'driverNumber' });
}

/** spec "token/{id}/vehicle-details": the winner's vehicle and driver for the load. */
export async function saveVehicleDetails(db: Db, operatorId: OperatorId, demandId: string, input: VehicleDetailsRequest): Promise<Token> {
  const demand = await wonDemand(db, operatorId, demandId);
  if (demand.state !== 'AWARDED') throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
  const vehicle = await repo.findVehicle(db, { operatorId, vehicleId: input.vehicleId });
  if (!vehicle) throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleNotEligible, { field: 'vehicleId' });
  if (!fits(vehicle, demand)) throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleNotEligible, { field: 'vehicleId' });
  if ((await repo.busyVehicleIds(db, { operatorId })).has(vehicle.id)) {
    throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
  }
  await refuseBusyDriver(db, operatorId, input.driverNumber);
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
export async function initiateToken(db: Db, operatorId: OperatorId, demandId: string): Promise<Token> {
  const demand = await wonDemand(db, operatorId, demandId);
  const current = await repo.findToken(db, { demandId, operatorId });
  if (current && (current.status === 'PAID' || current.status === 'CANCELLED'))
    return toToken(current, await vehicleNumberOf(db, operatorId, current.vehicleId));
  if (demand.state !== 'AWARDED') throw new AppError('TOKEN_NOT_PAYABLE', TOKENS_MESSAGES.notPayable);
  if (!current?.vehicleId || !current.driverPhone) throw new AppError('TOKEN_DETAILS_MISSING', TOKENS_MESSAGES.detailsMissing);
  const row = await repo.updateToken(db, { tokenId: current.id, set: { status: 'INITIATED', amountPaisa: demand.tokenAmountPaisa } });
  return toToken(row, await vehicleNumberOf(db, operatorId, row.vehicleId));
}

export async function getToken(db: Db, operatorId: OperatorId, demandId: string): Promise<Token> {
  await wonDemand(db, operatorId, demandId);
  const row = await repo.findToken(db, { demandId, operatorId });
  if (!row) throw notFound('Token not found');
  return toToken(row, await vehicleNumberOf(db, operatorId, row.vehicleId));
}

export async function tokenDetails(db: Db, operatorId: OperatorId, demandId: string): Promise<TokenDetails> {
  const demand = await wonDemand(db, operatorId, demandId);
  const [row, balance] = await Promise.all([repo.findToken(db, { demandId, operatorId }), balanceOf(db, wallet(operatorId))]);
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

/**
 * spec "token/{id}/pay-token": wallet → escrow through the ledger, the trip row and the load's
 * move to CONFIRMED in one transaction, once per idempotency key; a second payment of the same
 * token (any key) finds it PAID under the load's lock and debits nothing.
 */
export async function payToken(
  db: Db,
  operatorId: OperatorId,
  demandId: string,
  idempotencyKey: string | undefined,
): Promise<PayTokenResponse> {
  await wonDemand(db, operatorId, demandId);
  const { result } = await withIdempotency(
    db,
    { scope: `token-pay:${operatorId}`, key: idempotencyKey || `demand:${demandId}`, request: { demandId } },
    async (tx): Promise<PayTokenResponse> => {
      const demand = (await lockDemand(tx, { id: demandId, mode: 'update' }))!;
      const token = await repo.findToken(tx, { demandId, operatorId });
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
      if ((await repo.busyVehicleIds(tx, { operatorId })).has(token.vehicleId)) {
        throw new AppError('VEHICLE_NOT_ELIGIBLE', TOKENS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
      }
      // checked again under the load's lock: the driver may have been put on another trip since the draft
      await refuseBusyDriver(tx, operatorId, token.driverPhone);
      const amount = demand.tokenAmountPaisa;
      const posted = await postEntry(tx, {
        kind: 'TOKEN_PAYMENT',
        memo: memo('loadToken', { load: demandId, from: demand.originCity, to: demand.destinationCity }),
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
      await repo.updateToken(tx, {
        tokenId: token.id,
        set: {
          status: 'PAID',
          amountPaisa: amount,
          tripId,
          paymentEntryId: posted.entryId,
          paidAt: new Date(),
        },
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
export async function cancelTokenPreview(db: Db, operatorId: OperatorId, demandId: string, now = new Date()): Promise<CancelTokenPreview> {
  const demand = await wonDemand(db, operatorId, demandId);
  const token = await repo.findToken(db, { demandId, operatorId });
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
  operatorId: OperatorId,
  demandId: string,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<CancelTokenResponse> {
  await wonDemand(db, operatorId, demandId);
  const { result } = await withIdempotency(
    db,
    { scope: `token-cancel:${operatorId}`, key: idempotencyKey || `demand:${demandId}`, request: { demandId } },
    async (tx): Promise<CancelTokenResponse> => {
      const demand = (await lockDemand(tx, { id: demandId, mode: 'update' }))!;
      const token = await repo.findToken(tx, { demandId, operatorId });
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
        memo: memo('loadTokenCancelled', { load: demandId, refundPaisa: refund, feePaisa: kept }),
        referenceType: 'DEMAND',
        referenceId: demandId,
        legs,
      });
      await repo.updateToken(tx, {
        tokenId: token.id,
        set: { status: 'CANCELLED', cancelledAt: now, refundPaisa: refund, keptPaisa: kept },
      });
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
