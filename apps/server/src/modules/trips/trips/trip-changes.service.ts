import {
  DRIVER_BUSY_STATES,
  NOTIFY_QUIET_SECONDS,
  PRE_LOADING_STATES,
  REASONS,
  TRIPS_MESSAGES,
  type TripState,
  VEHICLE_BUSY_STATES,
} from '@bhada/contracts/trips/trips';
import { type Db, inTransaction } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { withIdempotency } from '../../money/ledger/ledger.service.ts';
import * as fileRepo from './trip-files.repository.ts';
import { cancellationFigures, refundOnCancel } from './trip-money.ts';
import { moveTrip, widgetFor } from './trip-state.ts';
import * as repo from './trips.repository.ts';

import { now, operatorMover, publish, type Trip, type TripDeps } from './trips.service.ts';

// ---------- cancel, replace, notify, bilti ----------

async function loadingSlotStart(db: Db, tripId: string) {
  return (await repo.listTripSlots(db, tripId)).find((s) => s.location === 'LOADING')?.slotStart ?? null;
}

export async function cancelConfirmation(deps: TripDeps, trip: Trip) {
  const allowed = PRE_LOADING_STATES.includes(trip.state as TripState);
  const f = await cancellationFigures(deps.db, trip, trip.state, await loadingSlotStart(deps.db, trip.id), now(deps));
  return {
    allowed,
    tokenInPaisa: trip.tokenAmountPaisa,
    refundInPaisa: allowed ? f.refund : 0,
    forfeitInPaisa: allowed ? f.forfeit : 0,
    message: allowed
      ? f.refund === 0
        ? 'The truck has reached the loading point: the token is kept as the cancellation fee.'
        : f.forfeit > 0
          ? 'Half of the token is kept as a cancellation fee because loading is less than 24 hours away.'
          : 'Your full token will be refunded to your wallet.'
      : TRIPS_MESSAGES.notCancellable,
  };
}

export async function cancelTrip(deps: TripDeps, actor: Actor, trip: Trip, input: { reasonCode: string; remarks?: string }) {
  if (!PRE_LOADING_STATES.includes(trip.state as TripState)) throw new AppError('TRIP_NOT_CANCELLABLE', TRIPS_MESSAGES.notCancellable);
  const reason = REASONS.CANCEL.find((r) => r.code === input.reasonCode);
  if (!reason) throw new AppError('VALIDATION_FAILED', 'Choose a reason', { field: 'reasonCode' });
  const loadingAt = await loadingSlotStart(deps.db, trip.id);
  const at = now(deps);
  const { result } = await withIdempotency(deps.db, { scope: 'trip-cancel', key: trip.id, request: { tripId: trip.id } }, async (tx) => {
    const text = [reason.label, input.remarks].filter(Boolean).join(': ');
    await moveTrip(tx, {
      tripId: trip.id,
      from: trip.state,
      to: 'CANCELLED',
      by: operatorMover(actor),
      note: text,
      set: { cancelReason: text },
    });
    const { refund } = await refundOnCancel(tx, trip, trip.state, loadingAt, at);
    await repo.deleteTripSlot(tx, { tripId: trip.id });
    return { tripId: trip.id, state: 'CANCELLED' as const, refundInPaisa: refund };
  });
  await publish(deps, trip.id, 'TRIP_STATE', { state: 'CANCELLED' });
  return result;
}

export async function replaceVehicle(
  deps: TripDeps,
  actor: Actor,
  trip: Trip,
  input: { vehicleId: string; driverName: string; driverNumber: string; reasonCode: string },
) {
  if (!PRE_LOADING_STATES.includes(trip.state as TripState)) throw new AppError('TRIP_NOT_CANCELLABLE', TRIPS_MESSAGES.notCancellable);
  const reason = REASONS.REPLACE_VEHICLE.find((r) => r.code === input.reasonCode);
  if (!reason) throw new AppError('VALIDATION_FAILED', 'Choose a reason', { field: 'reasonCode' });
  const vehicle = await repo.findOperatorVehicle(deps.db, { id: input.vehicleId, operatorId: trip.operatorId });
  if (!vehicle) throw notFound('Vehicle not found');
  if (vehicle.id === trip.vehicleId && input.driverNumber === trip.driverPhone) {
    throw new AppError('VALIDATION_FAILED', 'Choose a different vehicle or driver', { field: 'vehicleId' });
  }
  if (await repo.findRunningTripOfVehicle(deps.db, { vehicleId: vehicle.id, states: VEHICLE_BUSY_STATES, exceptTripId: trip.id })) {
    throw new AppError('VEHICLE_BUSY', TRIPS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
  }
  // issue 48: a driver change (same vehicle, new driver) obeys the same rule as a new vehicle
  const driverTrip = await repo.findRunningTripOfDriver(deps.db, {
    operatorId: trip.operatorId,
    phone: input.driverNumber,
    states: DRIVER_BUSY_STATES,
    exceptTripId: trip.id,
  });
  if (driverTrip) throw new AppError('DRIVER_BUSY', TRIPS_MESSAGES.driverBusy(driverTrip.id), { field: 'driverNumber' });
  await inTransaction(deps.db, async (tx) => {
    await repo.updateTrip(tx, {
      id: trip.id,
      set: { vehicleId: vehicle.id, driverName: input.driverName, driverPhone: input.driverNumber },
    });
    await repo.insertEvent(tx, {
      tripId: trip.id,
      fromState: trip.state,
      toState: trip.state,
      actorKind: 'OPERATOR',
      actorId: actor.userId,
      note: `Vehicle replaced (${trip.vehicleNumber ?? trip.vehicleId} → ${vehicle.number}): ${reason.label}`,
    });
  });
  return { tripId: trip.id, vehicleId: vehicle.id, vehicleNumber: vehicle.number };
}

export async function notifyConsigner(deps: TripDeps, trip: Trip, message?: string) {
  const at = now(deps);
  if (trip.lastNotifiedAt && at.getTime() - trip.lastNotifiedAt.getTime() < NOTIFY_QUIET_SECONDS * 1000) {
    throw new AppError('NOTIFY_TOO_SOON', TRIPS_MESSAGES.notifyTooSoon);
  }
  const beforeLoading = PRE_LOADING_STATES.includes(trip.state as TripState);
  const point = beforeLoading ? trip.loadingPoints[0] : trip.unloadingPoints.at(-1);
  if (!point?.contactPhone) throw new AppError('VALIDATION_FAILED', 'This point has no contact number. Please call support.');
  await repo.updateTrip(deps.db, { id: trip.id, set: { lastNotifiedAt: at } });
  await deps.notifier.send({
    channel: 'sms',
    to: point.contactPhone,
    kind: 'TRIP_NOTIFY_CONSIGNER',
    subject: `Trip ${trip.id} update`,
    text: `Vehicle ${trip.vehicleNumber ?? ''} for ${trip.originCity} → ${trip.destinationCity}: ${widgetFor(trip.id, trip.state as TripState).heading}.${message ? ` ${message}` : ''}`,
  });
  return { ok: true as const };
}

export async function biltiViewUrls(deps: TripDeps, trip: Trip) {
  const files = (await fileRepo.listFiles(deps.db, { tripId: trip.id, docType: 'BILTI' })).filter(
    (f) => f.hasFile && f.status !== 'PENDING',
  );
  return {
    urls: await Promise.all(files.map(async (f) => ({ resourceKey: f.resourceKey, url: await deps.storage.viewUrl(f.resourceKey, 900) }))),
  };
}
