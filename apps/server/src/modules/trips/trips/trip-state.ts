import {
  type EdgeActor,
  OTP_STAGE_RULES,
  type OtpStage,
  PRE_LOADING_STATES,
  type StateChangeWidget,
  TRIP_EDGES,
  TRIPS_MESSAGES,
  type TripState,
  tripRoutes,
} from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import type { StageCheckRecord } from '../../../db/schema/trips.ts';
import { AppError } from '../../../lib/errors.ts';
import * as repo from './trips.repository.ts';

/**
 * The one owner of trip transitions (ADR 030). Every state change in the code base goes through
 * `moveTrip`: it checks the edge exists and who may take it, moves the row only if it is still
 * in the state the caller saw, and writes the event.
 */
export interface Mover {
  kind: EdgeActor;
  id: string | null;
  /** who took the edge, when it is not the kind itself: the driver through the trip's link (ADR 260) */
  as?: 'DRIVER';
  /** when it happened, if not now: a driver's action queued offline keeps the phone's time */
  at?: Date;
}

/** Who acts on a trip: a signed-in user, or the driver's link acting for the trip's operator (ADR 260). */
export interface TripActor {
  userId: string;
  as?: 'DRIVER';
  at?: Date;
}

const stageName: Record<TripState, string> = {
  ASSIGNED: 'vehicle assigned',
  REACHED_LOADING: 'reached loading point',
  LOADED: 'loading',
  IN_TRANSIT: 'start of the trip',
  REACHED_UNLOADING: 'reaching the unloading point',
  UNLOADED: 'unloading',
  POD_SUBMITTED: 'POD submission',
  POD_REJECTED: 'POD rejection',
  POD_VERIFIED: 'POD verification',
  COMPLETED: 'completion',
  CANCELLED: 'cancellation',
};

export function stageMismatch(state: string, to: TripState | string) {
  return new AppError('TRIP_STAGE_MISMATCH', TRIPS_MESSAGES.stageMismatch(state, stageName[to as TripState] ?? String(to)));
}

/** Refuses an edge that does not exist from `from`, or that this kind of mover may not take. */
export function assertEdge(from: string, to: TripState, mover: EdgeActor) {
  const edge = TRIP_EDGES.find((e) => e.from === from && e.to === to);
  if (!edge) throw stageMismatch(from, to);
  if (edge.by === mover) return;
  if (edge.by === 'OPERATOR_OTP' && mover === 'OPERATOR') throw new AppError('TRIP_OTP_REQUIRED', TRIPS_MESSAGES.otpRequired);
  throw stageMismatch(from, to);
}

export async function moveTrip(
  tx: Db,
  input: {
    tripId: string;
    from: string;
    to: TripState;
    by: Mover;
    note?: string;
    set?: Parameters<typeof repo.updateTripState>[1]['set'];
    stageCheck?: StageCheckRecord | null;
  },
) {
  assertEdge(input.from, input.to, input.by.kind);
  const moved = await repo.updateTripState(tx, { id: input.tripId, from: input.from, to: input.to, set: input.set });
  if (!moved) throw new AppError('CONFLICT', 'The trip changed meanwhile. Please reload.');
  await repo.insertEvent(tx, {
    tripId: input.tripId,
    fromState: input.from,
    toState: input.to,
    actorKind: input.by.as ?? input.by.kind,
    actorId: input.by.id,
    note: input.note ?? null,
    stageCheck: input.stageCheck ?? null,
    ...(input.by.at ? { createdAt: input.by.at } : {}),
  });
}

/**
 * The marketplace's token cancel (`token/{demandId}/cancel`) ends the trip too. It goes through
 * the same edge rules as the trip's own cancel: `lockCancellable` reads the state under a row lock
 * (so a cancel and a stage move cannot cross) and refuses a trip that has moved past loading;
 * `cancelForToken` then takes the edge, writing the history row. The refund itself stays with the
 * tokens area (ADR 025); we only record it so trip-transactions show where the token went.
 */
/** The trip's state without a lock, for previews (what a cancel would refund now). */
export async function findTripState(db: Db, tripId: string): Promise<TripState | undefined> {
  return (await repo.findTripStateRow(db, tripId))?.state as TripState | undefined;
}

export async function lockCancellable(tx: Db, tripId: string): Promise<TripState> {
  const row = await repo.lockTripState(tx, tripId);
  if (!row) throw new AppError('NOT_FOUND', 'Trip not found');
  if (!PRE_LOADING_STATES.includes(row.state as TripState)) throw new AppError('TRIP_NOT_CANCELLABLE', TRIPS_MESSAGES.notCancellable);
  return row.state as TripState;
}

export async function cancelForToken(
  tx: Db,
  input: { tripId: string; from: TripState; by: Mover; reason: string; refundPaisa: number; keptPaisa: number; entryId: string | null },
) {
  await moveTrip(tx, {
    tripId: input.tripId,
    from: input.from,
    to: 'CANCELLED',
    by: input.by,
    note: input.reason,
    set: { cancelReason: input.reason },
  });
  await repo.deleteTripSlot(tx, { tripId: input.tripId });
  await repo.insertPayment(tx, { tripId: input.tripId, kind: 'TOKEN_REFUND', amountPaisa: input.refundPaisa, entryId: input.entryId });
  if (input.keptPaisa > 0) {
    await repo.insertPayment(tx, { tripId: input.tripId, kind: 'TOKEN_FORFEIT', amountPaisa: input.keptPaisa, entryId: input.entryId });
  }
}

export function otpStageFor(state: string): OtpStage | null {
  for (const [stage, rule] of Object.entries(OTP_STAGE_RULES)) if (rule.from === state) return stage as OtpStage;
  return null;
}

const WIDGET_TEXT: Record<TripState, { heading: string; description: string }> = {
  ASSIGNED: { heading: 'Vehicle assigned', description: 'Send the truck to the loading point and mark when it reaches.' },
  REACHED_LOADING: { heading: 'At the loading point', description: 'After loading, ask the consigner for the loading OTP.' },
  LOADED: { heading: 'Loaded', description: 'Loading confirmed. Start the trip when the truck leaves.' },
  IN_TRANSIT: { heading: 'In transit', description: 'The truck is on the way. Mark when it reaches the unloading point.' },
  REACHED_UNLOADING: { heading: 'At the unloading point', description: 'After unloading, ask the receiver for the unloading OTP.' },
  UNLOADED: { heading: 'Unloaded', description: 'Upload clear photos of the signed POD to get your balance payment.' },
  POD_SUBMITTED: { heading: 'POD submitted', description: 'Bhada is checking your POD. The balance is paid once it is verified.' },
  POD_REJECTED: { heading: 'POD rejected', description: 'Your POD was not accepted. Please upload it again.' },
  POD_VERIFIED: { heading: 'POD verified', description: 'Your POD is verified. The balance payment is being made.' },
  COMPLETED: { heading: 'Trip completed', description: 'All payments for this trip are done.' },
  CANCELLED: { heading: 'Trip cancelled', description: 'This trip was cancelled.' },
};

const ACTION_LABEL: Partial<Record<TripState, string>> = {
  REACHED_LOADING: 'Reached loading point',
  LOADED: 'Enter loading OTP',
  IN_TRANSIT: 'Start trip',
  REACHED_UNLOADING: 'Reached unloading point',
  UNLOADED: 'Enter unloading OTP',
  POD_SUBMITTED: 'Upload POD',
};

/** The state-change widget: what happened and what the operator can do next. */
export function widgetFor(tripId: string, state: TripState, opts: { redirect?: boolean } = {}): StateChangeWidget {
  const next = TRIP_EDGES.find((e) => e.from === state && e.to !== 'CANCELLED' && (e.by === 'OPERATOR' || e.by === 'OPERATOR_OTP'));
  return {
    tripId,
    state,
    ...WIDGET_TEXT[state],
    nextAction: next
      ? {
          toState: next.to,
          label: ACTION_LABEL[next.to] ?? next.to,
          requiresOtp: next.by === 'OPERATOR_OTP',
          otpStage: next.by === 'OPERATOR_OTP' ? otpStageFor(state) : null,
        }
      : null,
    redirectUrl: opts.redirect ? tripRoutes.detailsV2(tripId) : null,
  };
}

/** The trip's happy path, in order: the one list the stages, the seed and the views walk. */
export const HAPPY_PATH: readonly TripState[] = [
  'ASSIGNED',
  'REACHED_LOADING',
  'LOADED',
  'IN_TRANSIT',
  'REACHED_UNLOADING',
  'UNLOADED',
  'POD_SUBMITTED',
  'POD_VERIFIED',
  'COMPLETED',
];
const STEP_LABEL: Record<TripState, string> = {
  ASSIGNED: 'Vehicle assigned',
  REACHED_LOADING: 'Reached loading point',
  LOADED: 'Loaded',
  IN_TRANSIT: 'In transit',
  REACHED_UNLOADING: 'Reached unloading point',
  UNLOADED: 'Unloaded',
  POD_SUBMITTED: 'POD submitted',
  POD_REJECTED: 'POD rejected',
  POD_VERIFIED: 'POD verified',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export function timelineFor(state: TripState, events: Array<{ toState: string; createdAt: Date }>, createdAt: Date) {
  const at = (s: TripState) => {
    const hit = [...events].reverse().find((e) => e.toState === s);
    return hit ? hit.createdAt.toISOString() : s === 'ASSIGNED' ? createdAt.toISOString() : null;
  };
  if (state === 'CANCELLED') {
    const reached = HAPPY_PATH.filter((s) => at(s));
    return [
      ...reached.map((s) => ({ state: s, label: STEP_LABEL[s], done: true, current: false, at: at(s) })),
      { state: 'CANCELLED' as TripState, label: STEP_LABEL.CANCELLED, done: true, current: true, at: at('CANCELLED') },
    ];
  }
  const effective: TripState = state === 'POD_REJECTED' ? 'POD_SUBMITTED' : state;
  const index = HAPPY_PATH.indexOf(effective);
  return HAPPY_PATH.map((s, i) => {
    const isRejectedStep = state === 'POD_REJECTED' && s === 'POD_SUBMITTED';
    return {
      state: isRejectedStep ? ('POD_REJECTED' as TripState) : s,
      label: isRejectedStep ? STEP_LABEL.POD_REJECTED : STEP_LABEL[s],
      done: i < index || (i === index && !isRejectedStep),
      current: i === index,
      at: isRejectedStep ? at('POD_REJECTED') : i <= index ? at(s) : null,
    };
  });
}
