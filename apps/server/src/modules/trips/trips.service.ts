import { randomInt } from 'node:crypto';
import {
  ACTIVE_TRIP_STATES,
  type AdvanceStateRequest,
  type ChargeRequest,
  EXPENSE_POLICIES,
  NOTIFY_QUIET_SECONDS,
  OTP_STAGE_RULES,
  PRE_LOADING_STATES,
  REASONS,
  type ReasonAction,
  SLOT_DAYS,
  SLOT_FIRST_HOUR_IST,
  SLOT_HOURS,
  SLOT_LAST_HOUR_IST,
  TRIP_FILTERS,
  TRIP_OTP_MAX_SENDS,
  TRIP_OTP_MAX_TRIES,
  TRIP_OTP_SEND_WINDOW_SECONDS,
  TRIP_OTP_TTL_SECONDS,
  TRIP_STATES,
  TRIPS_MESSAGES,
  type TripDetail,
  type TripDetailV2,
  type TripFilterKey,
  type TripListItem,
  type TripOtpRequest,
  type TripState,
} from '@bhada/contracts/trips';
import type { Db } from '../../db/client.ts';
import type { TripPoint } from '../../db/schema/trips-core.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { EventBus } from '../../plugins/events.ts';
import type { Notifier } from '../../plugins/notifier.ts';
import type { Storage } from '../../plugins/storage.ts';
import { withIdempotency } from '../ledger/ledger.service.ts';
import * as podRepo from '../pod/pod.repository.ts';
import { acceptFiles, issueUpload } from '../pod/pod-files.ts';
import { cancellationFigures, payAdvance, refundOnCancel, settle, transactionsOf } from './trip-money.ts';
import { assertEdge, type Mover, moveTrip, stageMismatch, timelineFor, widgetFor } from './trip-state.ts';
import * as repo from './trips.repository.ts';

export interface TripDeps {
  db: Db;
  storage: Storage;
  notifier: Notifier;
  events: EventBus;
  secret: string;
  now?: () => Date;
}

type Trip = NonNullable<Awaited<ReturnType<typeof repo.findTrip>>>;
const now = (deps: TripDeps) => deps.now?.() ?? new Date();
const operatorMover = (actor: Actor): Mover => ({ kind: 'OPERATOR', id: actor.userId });

/** "Not yours" and "does not exist" are the same answer (ARCHITECTURE §4). */
export async function tripOf(db: Db, scope: { id?: string; demandId?: string; operatorId: string | null }): Promise<Trip> {
  const trip = await repo.findTrip(db, scope);
  if (!trip) throw notFound('Trip not found');
  return trip;
}

async function publish(deps: TripDeps, tripId: string, type: string, data: Record<string, unknown>) {
  await deps.events.publish({ topic: `trip:${tripId}`, type, data: { tripId, ...data } }).catch(() => undefined);
}

/** Only the last 4 digits: the operator must get the code from the consigner, not call around them. */
export const maskPhone = (phone: string) => (phone.length > 4 ? `${'X'.repeat(phone.length - 4)}${phone.slice(-4)}` : phone);

function listItem(t: Trip): TripListItem {
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

export async function listTrips(db: Db, operatorId: string, q: { pageNo: number; pageSize: number; filter: TripFilterKey }) {
  const filter = TRIP_FILTERS.find((f) => f.key === q.filter) ?? TRIP_FILTERS[0];
  const { rows, total } = await repo.listTrips(db, { operatorId, states: filter.states, limit: q.pageSize, offset: q.pageNo * q.pageSize });
  return { trips: rows.map(listItem), pageNo: q.pageNo, totalPageCount: Math.ceil(total / q.pageSize), totalCount: total };
}

export async function tripFilters(db: Db, operatorId: string, selected: TripFilterKey = 'ACTIVE') {
  const counts = new Map((await repo.countByState(db, operatorId)).map((r) => [r.state, r.n]));
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
  const [slots, invoice, charges, delays] = await Promise.all([
    repo.listTripSlots(db, trip.id),
    repo.findInvoice(db, trip.id),
    repo.listCharges(db, trip.id),
    repo.listDelays(db, trip.id),
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
  };
}

function chargeOut(c: Awaited<ReturnType<typeof repo.listCharges>>[number]) {
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

function delayOut(d: Awaited<ReturnType<typeof repo.listDelays>>[number]) {
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
export async function stageOtp(deps: TripDeps, actor: Actor, trip: Trip, input: TripOtpRequest) {
  const rule = OTP_STAGE_RULES[input.stage];
  if (trip.state !== rule.from) throw stageMismatch(trip.state, rule.to);
  const at = now(deps);

  if (!input.otp) {
    const point = stagePoint(trip, input.stage);
    if (!point?.contactPhone) throw new AppError('VALIDATION_FAILED', 'This point has no contact number. Please call support.');
    const since = new Date(at.getTime() - TRIP_OTP_SEND_WINDOW_SECONDS * 1000);
    if ((await repo.countRecentOtps(deps.db, trip.id, input.stage, since)) >= TRIP_OTP_MAX_SENDS) {
      throw new AppError('TRIP_OTP_LIMIT', TRIPS_MESSAGES.otpLimit);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertOtp(deps.db, {
      id: newId('TOTP'),
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
    });
    return { sent: true, verified: false, sentTo: maskPhone(point.contactPhone), expiresInSeconds: TRIP_OTP_TTL_SECONDS, widget: null };
  }

  const latest = await repo.findLatestOtp(deps.db, trip.id, input.stage);
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
        by: { kind: 'OPERATOR_OTP', id: actor.userId },
        note: `${input.stage} OTP verified`,
      });
      if (input.stage === 'LOADING') await payAdvance(tx, trip);
      return { tripId: trip.id };
    },
  );
  await publish(deps, trip.id, 'TRIP_STATE', { state: rule.to });
  return { sent: false, verified: true, sentTo: null, expiresInSeconds: null, widget: widgetFor(trip.id, rule.to, { redirect: true }) };
}

/** spec §7 advance-state: the edges the operator moves without a code. */
export async function advanceState(deps: TripDeps, actor: Actor, trip: Trip, input: AdvanceStateRequest) {
  if (input.currentState && input.currentState !== trip.state) throw new AppError('CONFLICT', 'The trip changed meanwhile. Please reload.');
  if (input.toState === 'POD_SUBMITTED') throw new AppError('TRIP_STAGE_MISMATCH', 'Upload the POD photos to submit the POD');
  if (input.toState === 'CANCELLED') throw new AppError('TRIP_STAGE_MISMATCH', 'Use cancel to cancel a trip');
  assertEdge(trip.state, input.toState, 'OPERATOR');
  await deps.db.transaction(async (tx) => {
    await moveTrip(tx as unknown as Db, { tripId: trip.id, from: trip.state, to: input.toState, by: operatorMover(actor) });
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

const IST_OFFSET_MS = 330 * 60_000;
/** a stable name for the dock: two trips at the same place compete for the same windows */
const facilityKey = (p: TripPoint) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}:${p.name.trim().toLowerCase()}`;

/** the bookable windows from now: SLOT_HOURS each between the first and last hour, India time */
export function slotWindows(at: Date): Array<{ start: Date; end: Date }> {
  const istMidnight = Math.floor((at.getTime() + IST_OFFSET_MS) / 86_400_000) * 86_400_000 - IST_OFFSET_MS;
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
    await deps.db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await repo.deleteTripSlot(tx, trip.id, input.location);
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
  actor: Actor,
  trip: Trip,
  input: { type: string; reasonCode: string; remarks?: string; expectedAt?: string },
) {
  if (!ACTIVE_TRIP_STATES.includes(trip.state as TripState)) throw stageMismatch(trip.state, 'IN_TRANSIT');
  const reason = REASONS.DELAY.find((r) => r.code === input.reasonCode);
  if (!reason) throw new AppError('VALIDATION_FAILED', 'Choose a reason', { field: 'reasonCode' });
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await repo.insertDelay(tx, {
      id: newId('TDL'),
      tripId: trip.id,
      type: input.type,
      reasonCode: input.reasonCode,
      remarks: input.remarks ?? null,
      expectedAt: input.expectedAt ? new Date(input.expectedAt) : null,
      createdBy: actor.userId,
    });
    await repo.updateTrip(tx, trip.id, { remarks: [reason.label, input.remarks].filter(Boolean).join(': ') });
  });
  return getDelay(deps, trip, input.type as 'TRANSIT');
}

// ---------- charges and policy ----------

const CLAIMABLE: readonly TripState[] = ['LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING', 'UNLOADED', 'POD_SUBMITTED', 'POD_REJECTED'];

export function expensePolicy(type: keyof typeof EXPENSE_POLICIES) {
  return { type, ...EXPENSE_POLICIES[type] };
}

export async function expenses(db: Db, trip: Trip) {
  const list = (await repo.listCharges(db, trip.id)).map(chargeOut);
  const sum = (pick: (c: (typeof list)[number]) => number) => list.reduce((s, c) => s + pick(c), 0);
  return {
    tripId: trip.id,
    expenses: list,
    summary: {
      claimedInPaisa: sum((c) => c.amountInPaisa),
      approvedInPaisa: sum((c) => (c.status === 'APPROVED' || c.status === 'PAID' ? (c.approvedAmountInPaisa ?? 0) : 0)),
      paidInPaisa: sum((c) => (c.status === 'PAID' ? (c.approvedAmountInPaisa ?? 0) : 0)),
      rejectedInPaisa: sum((c) => (c.status === 'REJECTED' ? c.amountInPaisa : 0)),
    },
  };
}

export async function claimCharge(deps: TripDeps, trip: Trip, input: ChargeRequest) {
  if (!CLAIMABLE.includes(trip.state as TripState)) throw stageMismatch(trip.state, 'LOADED');
  if (input.amountInPaisa > EXPENSE_POLICIES[input.type].maxInPaisa) {
    throw new AppError('VALIDATION_FAILED', 'Invalid amount: above the policy limit for this charge', { field: 'amountInPaisa' });
  }
  await acceptFiles(deps, trip.id, input.documentKeys, 'CHARGE_DOCUMENT');
  if (input.tripExpenseId) {
    const existing = await repo.findCharge(deps.db, { id: input.tripExpenseId, tripId: trip.id });
    if (!existing) throw notFound('Expense not found');
    const changed = await repo.updateOpenCharge(deps.db, existing.id, {
      type: input.type,
      amountPaisa: input.amountInPaisa,
      description: input.description,
      documentKeys: input.documentKeys,
    });
    if (!changed) throw new AppError('CHARGE_NOT_EDITABLE', TRIPS_MESSAGES.chargeNotEditable);
    return { tripExpenseId: existing.id };
  }
  const id = newId('TEX');
  await repo.insertCharge(deps.db, {
    id,
    tripId: trip.id,
    type: input.type,
    amountPaisa: input.amountInPaisa,
    description: input.description,
    documentKeys: input.documentKeys,
  });
  return { tripExpenseId: id };
}

export async function decideCharge(
  db: Db,
  trip: Trip,
  chargeId: string,
  input: { approve: boolean; approvedAmountInPaisa?: number; reason?: string },
) {
  const charge = await repo.findCharge(db, { id: chargeId, tripId: trip.id });
  if (!charge) throw notFound('Expense not found');
  if (trip.state === 'COMPLETED' || trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'POD_VERIFIED');
  const approved = input.approve ? Math.min(input.approvedAmountInPaisa ?? charge.amountPaisa, charge.amountPaisa) : null;
  const ok = await repo.updateOpenCharge(db, charge.id, {
    status: input.approve ? 'APPROVED' : 'REJECTED',
    approvedPaisa: approved,
    decisionReason: input.reason ?? null,
  });
  if (!ok) throw new AppError('CHARGE_NOT_EDITABLE', TRIPS_MESSAGES.chargeNotEditable);
  return { tripExpenseId: charge.id };
}

// ---------- invoice ----------

export async function invoiceUploadUrl(deps: TripDeps, actor: Actor, trip: Trip, file: string) {
  if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'UNLOADED');
  const issued = await issueUpload(deps, { tripId: trip.id, fileName: file, docType: 'INVOICE', createdBy: actor.userId });
  return { url: issued.url, filePath: issued.resourceKey, expiresInSeconds: issued.expiresInSeconds, maxBytes: issued.maxBytes };
}

export async function updateInvoice(
  deps: TripDeps,
  trip: Trip,
  input: { filePath: string; invoiceNumber?: string; amountInPaisa?: number },
) {
  if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'UNLOADED');
  await acceptFiles(deps, trip.id, [input.filePath], 'INVOICE');
  const previous = await repo.findInvoice(deps.db, trip.id);
  await repo.upsertInvoice(deps.db, {
    tripId: trip.id,
    fileKey: input.filePath,
    invoiceNumber: input.invoiceNumber ?? null,
    amountPaisa: input.amountInPaisa ?? null,
  });
  if (previous && previous.fileKey !== input.filePath) await dropFile(deps, trip.id, previous.fileKey);
  return (await detail(deps.db, trip)).invoice ?? null;
}

async function dropFile(deps: TripDeps, tripId: string, key: string) {
  const file = await podRepo.findFile(deps.db, { resourceKey: key, tripId });
  if (!file) return;
  await podRepo.setFileStatus(deps.db, [file.id], 'REMOVED');
  if (file.hasFile) await deps.storage.remove(key).catch(() => undefined);
}

export async function deleteInvoice(deps: TripDeps, trip: Trip) {
  const invoice = await repo.findInvoice(deps.db, trip.id);
  if (!invoice) throw notFound('No invoice on this trip');
  await repo.deleteInvoice(deps.db, trip.id);
  await dropFile(deps, trip.id, invoice.fileKey);
  return { ok: true as const };
}

export async function invoiceViewUrl(deps: TripDeps, trip: Trip, filePath: string) {
  const file = await podRepo.findFile(deps.db, { resourceKey: filePath, tripId: trip.id });
  if (file?.docType !== 'INVOICE' || ['REMOVED', 'REJECTED', 'PENDING'].includes(file.status)) {
    throw notFound(TRIPS_MESSAGES.invoiceGetError);
  }
  if (!file.hasFile) throw notFound('Only a paper copy of this invoice exists');
  return { url: await deps.storage.viewUrl(file.resourceKey, 900) };
}

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
    await repo.deleteTripSlot(tx, trip.id);
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
  const running = [...ACTIVE_TRIP_STATES, 'UNLOADED'];
  if (await repo.findRunningTripOfVehicle(deps.db, vehicle.id, running, trip.id)) {
    throw new AppError('VEHICLE_BUSY', TRIPS_MESSAGES.vehicleBusy, { field: 'vehicleId' });
  }
  await deps.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await repo.updateTrip(tx, trip.id, { vehicleId: vehicle.id, driverName: input.driverName, driverPhone: input.driverNumber });
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
  await repo.updateTrip(deps.db, trip.id, { lastNotifiedAt: at });
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
  const files = (await podRepo.listFiles(deps.db, trip.id, 'BILTI')).filter((f) => f.hasFile && f.status !== 'PENDING');
  return {
    urls: await Promise.all(files.map(async (f) => ({ resourceKey: f.resourceKey, url: await deps.storage.viewUrl(f.resourceKey, 900) }))),
  };
}

// ---------- admin ----------

export async function adminList(db: Db, q: { pageNo: number; pageSize: number; state?: TripState }) {
  const { rows, total } = await repo.listTrips(db, {
    operatorId: null,
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
  const trip = await tripOf(deps.db, { id: tripId, operatorId: null });
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
}
