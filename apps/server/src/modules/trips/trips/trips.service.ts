import {
  PRE_LOADING_STATES,
  REASONS,
  TRIP_FILTERS,
  TRIP_STATES,
  type TripDetail,
  type TripDetailV2,
  type TripFilterKey,
  type TripListItem,
  type TripState,
} from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import type { TripPoint } from '../../../db/schema/trips-core.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { PAGE_MARK_STRIDE, seekTo } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';
import type { EventBus } from '../../../plugins/events.ts';
import type { Notifier } from '../../../plugins/notifier.ts';
import type { Storage } from '../../../plugins/storage.ts';
import { withIdempotency } from '../../money/ledger/ledger.service.ts';
import { rewardReferralOnFirstTrip } from '../../support/support/referral.service.ts';
import { stageChecksOf } from './stage-checks.ts';
import { settle, transactionsOf } from './trip-money.ts';
import { type Mover, moveTrip, stageMismatch, type TripActor, timelineFor, widgetFor } from './trip-state.ts';
import * as repo from './trips.repository.ts';
import * as lists from './trips-list.repository.ts';

export interface TripDeps {
  db: Db;
  storage: Storage;
  notifier: Notifier;
  events: EventBus;
  secret: string;
  /** what completing a trip reads besides the database (the referral reward, ADR 121) */
  config: ServiceContext['config'];
  log: ServiceContext['log'];
  now?: () => Date;
}

export type Trip = NonNullable<Awaited<ReturnType<typeof repo.findAnyTrip>>>;
export const now = (deps: TripDeps) => deps.now?.() ?? new Date();
export const operatorMover = (actor: TripActor): Mover => ({ kind: 'OPERATOR', id: actor.userId, as: actor.as, at: actor.at });

/** "Not yours" and "does not exist" are the same answer (ARCHITECTURE §4). */
export async function tripOf(db: Db, scope: { id?: string; demandId?: string; operatorId: OperatorId }): Promise<Trip> {
  const trip = await repo.findTrip(db, scope);
  if (!trip) throw notFound('Trip not found');
  return trip;
}

/** Any operator's trip, for the admin's calls and jobs (never reached from an operator's request). */
export async function anyTripOf(db: Db, ref: { id?: string; demandId?: string }): Promise<Trip> {
  const trip = await repo.findAnyTrip(db, ref);
  if (!trip) throw notFound('Trip not found');
  return trip;
}

export async function publish(deps: TripDeps, tripId: string, type: string, data: Record<string, unknown>) {
  await deps.events.publish({ topic: `trip:${tripId}`, type, data: { tripId, ...data } }).catch(() => undefined);
}

/** Only the last 4 digits: the operator must get the code from the consigner, not call around them. */
export const maskPhone = (phone: string) => (phone.length > 4 ? `${'X'.repeat(phone.length - 4)}${phone.slice(-4)}` : phone);

export function listItem(t: Trip): TripListItem {
  return {
    tripId: t.id,
    demandId: t.demandId,
    state: t.state as TripState,
    originCity: t.originCity,
    destinationCity: t.destinationCity,
    vehicleId: t.vehicleId,
    vehicleNumber: t.vehicleNumber,
    driverName: t.driverName,
    driverNumber: t.driverPhone,
    consignerName: t.consignerName,
    agreedPriceInPaisa: t.agreedPricePaisa,
    tokenAmountInPaisa: t.tokenAmountPaisa,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

// ---------- lists ----------

/**
 * One page of the operator's trips with the exact total. The total and the page marks of each filter are kept
 * per process until the database announces a change to the operator's trips (ADR 172), so a page is one
 * statement that seeks to its nearest mark instead of skipping every earlier trip.
 */
export async function listTrips(
  db: Db,
  operatorId: OperatorId,
  q: { pageNo: number; pageSize: number; filter: TripFilterKey },
  reads?: TenantReadCache,
) {
  const filter = TRIP_FILTERS.find((f) => f.key === q.filter) ?? TRIP_FILTERS[0];
  const scope = { operatorId, states: filter.states };
  const offset = q.pageNo * q.pageSize;
  const counting = reads
    ? reads.read(operatorId, `trips.list:${filter.key}`, () => lists.countTrips(db, scope))
    : lists.countTrips(db, scope);
  const page = ({ from, skip }: { from?: lists.TripMark; skip: number }) =>
    lists.listTrips(db, { ...scope, from, limit: q.pageSize, offset: skip });
  // a page before the first mark needs none, so it runs beside the count
  const [{ total }, rows] = await Promise.all([
    counting,
    offset < PAGE_MARK_STRIDE ? page({ skip: offset }) : counting.then(({ marks }) => page(seekTo(marks, offset))),
  ]);
  return { trips: rows.map(listItem), pageNo: q.pageNo, totalPageCount: Math.ceil(total / q.pageSize), totalCount: total };
}

export async function tripFilters(db: Db, operatorId: OperatorId, selected: TripFilterKey = 'ACTIVE') {
  const counts = new Map((await repo.countByState(db, { operatorId })).map((r) => [r.state, r.n]));
  return {
    filters: TRIP_FILTERS.map((f) => ({
      key: f.key,
      label: f.label,
      labelHi: f.labelHi,
      selected: f.key === selected,
      count: (f.states as readonly string[]).reduce((s, st) => s + (counts.get(st) ?? 0), 0),
    })),
  };
}

// ---------- details ----------

function pointsOf(list: TripPoint[]) {
  return list.map((p) => ({ ...p, contactPhone: maskPhone(p.contactPhone) }));
}

export async function detail(db: Db, trip: Trip): Promise<TripDetail> {
  const [slots, invoice, charges, delays, events] = await Promise.all([
    repo.listTripSlots(db, trip.id),
    repo.findInvoice(db, trip.id),
    repo.listCharges(db, trip.id),
    repo.listDelays(db, trip.id),
    repo.listEvents(db, trip.id),
  ]);
  const slot = (loc: string) => {
    const s = slots.find((x) => x.location === loc);
    return s ? { start: s.slotStart.toISOString(), end: s.slotEnd.toISOString() } : null;
  };
  return {
    ...listItem(trip),
    remarks: trip.remarks,
    slot: { loading: slot('LOADING'), unloading: slot('UNLOADING') },
    invoice: invoice
      ? {
          filePath: invoice.fileKey,
          invoiceNumber: invoice.invoiceNumber,
          amountInPaisa: invoice.amountPaisa,
          uploadedAt: invoice.uploadedAt.toISOString(),
        }
      : null,
    charges: charges.map(chargeOut),
    delayReasons: delays.map(delayOut),
    loadingPoints: pointsOf(trip.loadingPoints),
    unloadingPoints: pointsOf(trip.unloadingPoints),
    vehicleType: trip.vehicleType,
    cancelReason: trip.cancelReason,
    podRejectReason: trip.podRejectReason,
    stageChecks: stageChecksOf(events),
  };
}

export function chargeOut(c: Awaited<ReturnType<typeof repo.listCharges>>[number]) {
  return {
    tripExpenseId: c.id,
    type: c.type,
    amountInPaisa: c.amountPaisa,
    approvedAmountInPaisa: c.approvedPaisa,
    status: c.status,
    description: c.description,
    documentKeys: c.documentKeys,
    decisionReason: c.decisionReason,
    createdAt: c.createdAt.toISOString(),
  };
}

export function delayOut(d: Awaited<ReturnType<typeof repo.listDelays>>[number]) {
  const reason = REASONS.DELAY.find((r) => r.code === d.reasonCode);
  return {
    type: d.type,
    reasonCode: d.reasonCode,
    reason: reason?.label ?? d.reasonCode,
    remarks: d.remarks,
    expectedAt: d.expectedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

export async function detailV2(db: Db, trip: Trip): Promise<TripDetailV2> {
  const [d, events] = await Promise.all([detail(db, trip), repo.listEvents(db, trip.id)]);
  const state = trip.state as TripState;
  const notIn = (list: readonly string[]) => !list.includes(state);
  return {
    trip: d,
    timeline: timelineFor(state, events, trip.createdAt),
    widget: widgetFor(trip.id, state),
    actions: {
      canCancel: PRE_LOADING_STATES.includes(state),
      canReplaceVehicle: PRE_LOADING_STATES.includes(state),
      canUploadPod: state === 'UNLOADED' || state === 'POD_REJECTED',
      canClaimCharges: notIn(['ASSIGNED', 'REACHED_LOADING', 'POD_VERIFIED', 'COMPLETED', 'CANCELLED']),
      canUploadInvoice: notIn(['ASSIGNED', 'REACHED_LOADING', 'CANCELLED']),
      canTrack: notIn(['ASSIGNED', 'CANCELLED']),
    },
  };
}

export async function stateDetail(db: Db, trip: Trip) {
  const events = await repo.listEvents(db, trip.id);
  return {
    tripId: trip.id,
    state: trip.state as TripState,
    timeline: timelineFor(trip.state as TripState, events, trip.createdAt),
    events: events.map((e) => ({
      fromState: e.fromState,
      toState: e.toState as TripState,
      by: e.actorKind,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

export const transactions = (db: Db, trip: Trip) => transactionsOf(db, trip);

// ---------- admin ----------

export async function adminList(db: Db, q: { pageNo: number; pageSize: number; state?: TripState }) {
  const { rows, total } = await lists.listAllTrips(db, {
    states: q.state ? [q.state] : TRIP_STATES,
    limit: q.pageSize,
    offset: q.pageNo * q.pageSize,
  });
  return { trips: rows.map(listItem), pageNo: q.pageNo, totalPageCount: Math.ceil(total / q.pageSize), totalCount: total };
}

export async function recordDeductions(tx: Db, tripId: string, by: string, list: Array<{ reason: string; amountInPaisa: number }>) {
  await repo.insertDeductions(
    tx,
    list.map((d) => ({ id: newId('TDD'), tripId, reason: d.reason, amountPaisa: d.amountInPaisa, createdBy: by })),
  );
}

/** Settles and closes a verified trip; safe to call again (keyed by the trip id). */
export async function completeTrip(deps: TripDeps, tripId: string) {
  const trip = await anyTripOf(deps.db, { id: tripId });
  if (trip.state === 'COMPLETED') return;
  if (trip.state !== 'POD_VERIFIED') throw stageMismatch(trip.state, 'COMPLETED');
  await withIdempotency(deps.db, { scope: 'trip-complete', key: trip.id, request: { tripId: trip.id } }, async (tx) => {
    await settle(tx, trip);
    await moveTrip(tx, {
      tripId: trip.id,
      from: 'POD_VERIFIED',
      to: 'COMPLETED',
      by: { kind: 'SYSTEM', id: null },
      set: { completedAt: now(deps) },
    });
    return { tripId: trip.id };
  });
  await publish(deps, trip.id, 'TRIP_STATE', { state: 'COMPLETED' });
  // an operator who joined through a referral earns the referrer a reward on the first completed trip;
  // the reward is keyed by the referral, so a repeat completes nothing twice, and a failure never undoes the trip
  await rewardReferralOnFirstTrip(deps, { operatorId: trip.operatorId }).catch((err) =>
    deps.log.error({ err, tripId: trip.id }, 'referral reward not posted'),
  );
}
