import { randomInt } from 'node:crypto';
import {
  type AdvanceStateRequest,
  OTP_STAGE_RULES,
  STAGE_OVERRIDE_LABELS,
  STAGE_POSITION_MAX_AGE_MINUTES,
  type StagePointType,
  TRIP_OTP_MAX_SENDS,
  TRIP_OTP_MAX_TRIES,
  TRIP_OTP_SEND_WINDOW_SECONDS,
  TRIP_OTP_TTL_SECONDS,
  TRIPS_MESSAGES,
  type TripOtpRequest,
  type TripState,
} from '@bhada/contracts/trips/trips';
import { type Db, inTransaction } from '../../../db/client.ts';
import type { StageCheckRecord } from '../../../db/schema/trips.ts';
import type { TripPoint } from '../../../db/schema/trips-core.ts';
import { safeEqual, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { roadDistanceKm } from '../../../lib/geo.ts';
import { newId } from '../../../lib/ids.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { isLive, latestPositionOf } from '../../fleet/positions/positions.service.ts';
import { withIdempotency } from '../../money/ledger/ledger.service.ts';
import { payAdvance } from './trip-money.ts';
import { assertEdge, moveTrip, stageMismatch, type TripActor, widgetFor } from './trip-state.ts';
import * as repo from './trips.repository.ts';
import { maskPhone, now, operatorMover, publish, type Trip, type TripDeps } from './trips.service.ts';

// ---------- stage OTP and moves ----------

const otpHash = (secret: string, tripId: string, stage: string, code: string) => sha256(`${secret}:trip:${tripId}:${stage}:${code}`);

function stagePoint(trip: Trip, stage: 'LOADING' | 'UNLOADING'): TripPoint | undefined {
  return stage === 'LOADING' ? trip.loadingPoints[0] : trip.unloadingPoints.at(-1);
}

/**
 * spec §7 trip/otp: without a code, sends the stage code to the point's contact; with a code,
 * verifies it and moves the trip (loading also pays the advance). A stage that does not fit the
 * trip's state is 422 and changes nothing.
 */
export async function stageOtp(deps: TripDeps, actor: TripActor, trip: Trip, input: TripOtpRequest) {
  const rule = OTP_STAGE_RULES[input.stage];
  if (trip.state !== rule.from) throw stageMismatch(trip.state, rule.to);
  const at = now(deps);

  if (!input.otp) {
    const point = stagePoint(trip, input.stage);
    if (!point?.contactPhone) throw new AppError('VALIDATION_FAILED', 'This point has no contact number. Please call support.');
    const since = new Date(at.getTime() - TRIP_OTP_SEND_WINDOW_SECONDS * 1000);
    if ((await repo.countRecentOtps(deps.db, { tripId: trip.id, stage: input.stage, since })) >= TRIP_OTP_MAX_SENDS) {
      throw new AppError('TRIP_OTP_LIMIT', TRIPS_MESSAGES.otpLimit);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const otpId = newId('TOTP');
    await repo.insertOtp(deps.db, {
      id: otpId,
      tripId: trip.id,
      stage: input.stage,
      phone: point.contactPhone,
      codeHash: otpHash(deps.secret, trip.id, input.stage, code),
      expiresAt: new Date(at.getTime() + TRIP_OTP_TTL_SECONDS * 1000),
    });
    const what = input.stage === 'LOADING' ? 'loaded' : 'unloaded';
    await deps.notifier.send({
      channel: 'sms',
      to: point.contactPhone,
      kind: 'TRIP_STAGE_OTP',
      subject: `Bhada ${input.stage.toLowerCase()} code`,
      text: `${code} is the Bhada ${input.stage.toLowerCase()} code for vehicle ${trip.vehicleNumber ?? ''} (trip ${trip.id}). Share it with the driver only after the truck is ${what}. Valid for 10 minutes.`,
      // the registered template's variables (issue 46); one message per code, however often a job retries
      variables: { otp: code, stage: input.stage.toLowerCase(), vehicle: trip.vehicleNumber ?? '', trip: trip.id, done: what },
      idempotencyKey: `TRIP_STAGE_OTP:${otpId}`,
    });
    return { sent: true, verified: false, sentTo: maskPhone(point.contactPhone), expiresInSeconds: TRIP_OTP_TTL_SECONDS, widget: null };
  }

  const latest = await repo.findLatestOtp(deps.db, { tripId: trip.id, stage: input.stage });
  if (!latest || latest.usedAt || latest.expiresAt <= at)
    throw new AppError('TRIP_OTP_INVALID', TRIPS_MESSAGES.otpInvalid, { field: 'otp' });
  if (latest.tries >= TRIP_OTP_MAX_TRIES) throw new AppError('TRIP_OTP_LIMIT', TRIPS_MESSAGES.otpLimit, { field: 'otp' });
  // the try is counted (and committed) before comparing, so a sixth try fails even with the right code
  const tries = await repo.addOtpTry(deps.db, latest.id);
  if (tries > TRIP_OTP_MAX_TRIES) throw new AppError('TRIP_OTP_LIMIT', TRIPS_MESSAGES.otpLimit, { field: 'otp' });
  if (!safeEqual(latest.codeHash, otpHash(deps.secret, trip.id, input.stage, input.otp))) {
    throw new AppError('TRIP_OTP_INVALID', TRIPS_MESSAGES.otpInvalid, { field: 'otp' });
  }

  await withIdempotency(
    deps.db,
    { scope: `trip-otp:${input.stage}`, key: trip.id, request: { tripId: trip.id, stage: input.stage } },
    async (tx) => {
      if (!(await repo.consumeOtp(tx, latest.id))) throw new AppError('TRIP_OTP_INVALID', TRIPS_MESSAGES.otpInvalid, { field: 'otp' });
      await moveTrip(tx, {
        tripId: trip.id,
        from: rule.from,
        to: rule.to,
        by: { kind: 'OPERATOR_OTP', id: actor.userId, as: actor.as, at: actor.at },
        note: `${input.stage} OTP verified`,
      });
      if (input.stage === 'LOADING') await payAdvance(tx, trip);
      return { tripId: trip.id };
    },
  );
  await publish(deps, trip.id, 'TRIP_STATE', { state: rule.to });
  return { sent: false, verified: true, sentTo: null, expiresInSeconds: null, widget: widgetFor(trip.id, rule.to, { redirect: true }) };
}

const REACHED_POINT: Partial<Record<TripState, StagePointType>> = { REACHED_LOADING: 'LOADING', REACHED_UNLOADING: 'UNLOADING' };
const pointWord: Record<StagePointType, string> = { LOADING: 'loading', UNLOADING: 'unloading' };

export function stageRadiusKm(deps: Pick<TripDeps, 'config'>, type: StagePointType): number {
  return type === 'LOADING' ? deps.config.STAGE_RADIUS_LOADING_KM : deps.config.STAGE_RADIUS_UNLOADING_KM;
}

/**
 * Issue 48 §3, ADR 270: "Reached loading point" and "Reached unloading point" need the vehicle's latest
 * position (live: at most STAGE_POSITION_MAX_AGE_MINUTES old) within the point's radius, by the one distance
 * rule; otherwise the operator gives an override with a reason. With no live position the override is the
 * only way and is recorded as such. Other moves are not checked (null).
 */
async function checkReachedPoint(deps: TripDeps, trip: Trip, input: AdvanceStateRequest): Promise<StageCheckRecord | null> {
  const pointType = REACHED_POINT[input.toState];
  if (!pointType) return null;
  const point = stagePoint(trip, pointType);
  const radiusKm = stageRadiusKm(deps, pointType);
  const latest = trip.vehicleId ? await latestPositionOf(deps.db, trip.vehicleId) : null;
  const live = isLive(latest, now(deps), STAGE_POSITION_MAX_AGE_MINUTES) ? latest : null;
  const distanceKm = live && point ? roadDistanceKm(live, point) : null;
  const base = {
    pointType,
    pointName: point?.name ?? '',
    distanceKm,
    radiusKm,
    positionAt: live ? live.at.toISOString() : null,
  };
  if (distanceKm !== null && distanceKm <= radiusKm) return { ...base, outcome: 'WITHIN_RADIUS', override: null };
  if (!input.override) {
    if (distanceKm === null) throw new AppError('STAGE_NO_POSITION', TRIPS_MESSAGES.stageNoPosition(pointWord[pointType]));
    throw new AppError('STAGE_TOO_FAR', TRIPS_MESSAGES.stageTooFar(Math.round(distanceKm), pointWord[pointType], radiusKm));
  }
  return {
    ...base,
    outcome: 'OVERRIDE',
    override: { reason: input.override.reason, note: input.override.note || null, noPosition: distanceKm === null },
  };
}

/** spec §7 advance-state: the edges the operator moves without a code. */
export async function advanceState(deps: TripDeps, actor: TripActor, trip: Trip, input: AdvanceStateRequest) {
  if (input.currentState && input.currentState !== trip.state) throw new AppError('CONFLICT', 'The trip changed meanwhile. Please reload.');
  if (input.toState === 'POD_SUBMITTED') throw new AppError('TRIP_STAGE_MISMATCH', 'Upload the POD photos to submit the POD');
  if (input.toState === 'CANCELLED') throw new AppError('TRIP_STAGE_MISMATCH', 'Use cancel to cancel a trip');
  assertEdge(trip.state, input.toState, 'OPERATOR');
  const stageCheck = await checkReachedPoint(deps, trip, input);
  await inTransaction(deps.db, async (tx) => {
    await moveTrip(tx, {
      tripId: trip.id,
      from: trip.state,
      to: input.toState,
      by: operatorMover(actor),
      note: stageCheck?.override
        ? `Marked without the truck at the point: ${STAGE_OVERRIDE_LABELS[stageCheck.override.reason].en}`
        : undefined,
      stageCheck,
    });
  });
  await publish(deps, trip.id, 'TRIP_STATE', { state: input.toState });
  return widgetFor(trip.id, input.toState);
}

export function advanceStateView(trip: Trip) {
  return widgetFor(trip.id, trip.state as TripState);
}

export async function stateChangeAlert(db: Db, actor: Actor, trip: Trip, input: { state: TripState; alertType: string; message?: string }) {
  const alertId = newId('TAL');
  await repo.insertAlert(db, {
    id: alertId,
    tripId: trip.id,
    state: input.state,
    alertType: input.alertType,
    message: input.message ?? null,
    createdBy: actor.userId,
  });
  return { alertId };
}

export async function feedbackAction(db: Db, actor: Actor, trip: Trip, input: { action: string; rating?: number; comment?: string }) {
  await repo.insertFeedback(db, {
    id: newId('TFB'),
    tripId: trip.id,
    action: input.action,
    rating: input.rating ?? null,
    comment: input.comment ?? null,
    createdBy: actor.userId,
  });
  return { ok: true as const };
}

export async function updateChatVariables(db: Db, actor: Actor, trip: Trip, input: { referenceId?: string; actionType: string }) {
  await repo.upsertChatVariables(db, {
    userId: actor.userId,
    tripId: trip.id,
    referenceId: input.referenceId ?? null,
    actionType: input.actionType,
  });
  return { ok: true as const };
}
