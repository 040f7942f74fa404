import { istDay, istDayStart } from '@bhada/contracts/time';
import {
  ACTIVE_TRIP_STATES,
  PRE_LOADING_STATES,
  REASONS,
  type ReasonAction,
  SLOT_DAYS,
  SLOT_FIRST_HOUR_IST,
  SLOT_HOURS,
  SLOT_LAST_HOUR_IST,
  TRIPS_MESSAGES,
  type TripState,
} from '@bhada/contracts/trips/trips';
import { inTransaction } from '../../../db/client.ts';
import type { TripPoint } from '../../../db/schema/trips-core.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { stageMismatch, type TripActor } from './trip-state.ts';
import * as repo from './trips.repository.ts';
import { delayOut, now, type Trip, type TripDeps } from './trips.service.ts';

// ---------- reasons, slots, delays ----------

const REASON_HEADINGS: Record<ReasonAction, string> = {
  CANCEL: 'Why do you want to cancel this trip?',
  REPLACE_VEHICLE: 'Why do you want to replace the vehicle?',
  DELAY: 'Why is the trip delayed?',
  REMARK: 'Add a remark',
};

export function reasons(action: ReasonAction) {
  return { action, heading: REASON_HEADINGS[action], reasons: [...REASONS[action]] };
}

/** a stable name for the dock: two trips at the same place compete for the same windows */
const facilityKey = (p: TripPoint) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}:${p.name.trim().toLowerCase()}`;

/** the bookable windows from now: SLOT_HOURS each between the first and last hour, India time */
export function slotWindows(at: Date): Array<{ start: Date; end: Date }> {
  const istMidnight = istDayStart(istDay(at)).getTime();
  const out: Array<{ start: Date; end: Date }> = [];
  for (let d = 0; d < SLOT_DAYS; d++) {
    for (let h = SLOT_FIRST_HOUR_IST; h + SLOT_HOURS <= SLOT_LAST_HOUR_IST; h += SLOT_HOURS) {
      const start = istMidnight + d * 86_400_000 + h * 3_600_000;
      if (start > at.getTime()) out.push({ start: new Date(start), end: new Date(start + SLOT_HOURS * 3_600_000) });
    }
  }
  return out;
}

function slotPoint(trip: Trip, location: 'LOADING' | 'UNLOADING') {
  const point = location === 'LOADING' ? trip.loadingPoints[0] : trip.unloadingPoints.at(-1);
  if (!point) throw new AppError('VALIDATION_FAILED', 'This trip has no such point');
  return point;
}

export async function getSlots(deps: TripDeps, trip: Trip, location: 'LOADING' | 'UNLOADING') {
  const point = slotPoint(trip, location);
  const windows = slotWindows(now(deps));
  const mine = (await repo.listTripSlots(deps.db, trip.id)).find((s) => s.location === location);
  const booked = windows.length
    ? await repo.listFacilityBookings(deps.db, facilityKey(point), new Date(windows[0]!.start.getTime() - 1), windows.at(-1)!.end)
    : [];
  const takenByOthers = new Set(booked.filter((b) => b.tripId !== trip.id).map((b) => b.slotStart.getTime()));
  return {
    location,
    pointName: point.name,
    selected: mine ? { start: mine.slotStart.toISOString(), end: mine.slotEnd.toISOString() } : null,
    windows: windows.map((w) => ({
      start: w.start.toISOString(),
      end: w.end.toISOString(),
      available: !takenByOthers.has(w.start.getTime()),
      selected: mine?.slotStart.getTime() === w.start.getTime(),
    })),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function bookSlot(deps: TripDeps, trip: Trip, input: { location: 'LOADING' | 'UNLOADING'; start: string }) {
  const open: readonly string[] =
    input.location === 'LOADING' ? PRE_LOADING_STATES : [...PRE_LOADING_STATES, 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING'];
  if (!open.includes(trip.state)) throw stageMismatch(trip.state, input.location === 'LOADING' ? 'LOADED' : 'UNLOADED');
  const point = slotPoint(trip, input.location);
  const wanted = new Date(input.start).getTime();
  const window = slotWindows(now(deps)).find((w) => w.start.getTime() === wanted);
  if (!window) throw new AppError('SLOT_INVALID', TRIPS_MESSAGES.slotInvalid, { field: 'start' });
  try {
    await inTransaction(deps.db, async (tx) => {
      await repo.deleteTripSlot(tx, { tripId: trip.id, location: input.location });
      await repo.insertTripSlot(tx, {
        id: newId('SLT'),
        tripId: trip.id,
        location: input.location,
        facilityKey: facilityKey(point),
        slotStart: window.start,
        slotEnd: window.end,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('SLOT_TAKEN', TRIPS_MESSAGES.slotTaken, { field: 'start' });
    throw err;
  }
  return getSlots(deps, trip, input.location);
}

export async function getDelay(deps: TripDeps, trip: Trip, type: 'LOADING' | 'TRANSIT' | 'UNLOADING') {
  const slots = type === 'TRANSIT' ? [] : (await getSlots(deps, trip, type)).windows;
  const reported = (await repo.listDelays(deps.db, trip.id)).filter((d) => d.type === type).map(delayOut);
  return {
    type,
    heading: REASON_HEADINGS.DELAY,
    reasons: [...REASONS.DELAY],
    slots,
    infoWidget: {
      title: 'Tell us early',
      description: 'The consigner sees your reason and new time. Delays reported on time do not count against your rating.',
    },
    reported,
  };
}

export async function updateDelay(
  deps: TripDeps,
  actor: TripActor,
  trip: Trip,
  input: { type: string; reasonCode: string; remarks?: string; expectedAt?: string },
) {
  if (!ACTIVE_TRIP_STATES.includes(trip.state as TripState)) throw stageMismatch(trip.state, 'IN_TRANSIT');
  const reason = REASONS.DELAY.find((r) => r.code === input.reasonCode);
  if (!reason) throw new AppError('VALIDATION_FAILED', 'Choose a reason', { field: 'reasonCode' });
  await inTransaction(deps.db, async (tx) => {
    await repo.insertDelay(tx, {
      id: newId('TDL'),
      tripId: trip.id,
      type: input.type,
      reasonCode: input.reasonCode,
      remarks: input.remarks ?? null,
      expectedAt: input.expectedAt ? new Date(input.expectedAt) : null,
      createdBy: actor.userId,
      ...(actor.at ? { createdAt: actor.at } : {}),
    });
    await repo.updateTrip(tx, { id: trip.id, set: { remarks: [reason.label, input.remarks].filter(Boolean).join(': ') } });
  });
  return getDelay(deps, trip, input.type as 'TRANSIT');
}
