import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../../db/client.ts';
import * as codes from '../../../db/one-time-codes.repository.ts';
import {
  consigners,
  tripAlerts,
  tripCharges,
  tripChatVariables,
  tripDeductions,
  tripDelays,
  tripEvents,
  tripFeedback,
  tripInvoices,
  tripOtps,
  tripPayments,
  tripSlots,
  trips,
  vehicles,
} from '../../../db/schema/index.ts';
import type { TripPaymentKind } from '../../../db/schema/trips.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/** a trip's columns with its vehicle and consigner, as lists and details read it */
export const tripColumns = {
  id: trips.id,
  demandId: trips.demandId,
  operatorId: trips.operatorId,
  consignerCode: trips.consignerCode,
  vehicleId: trips.vehicleId,
  driverName: trips.driverName,
  driverPhone: trips.driverPhone,
  state: trips.state,
  originCity: trips.originCity,
  destinationCity: trips.destinationCity,
  loadingPoints: trips.loadingPoints,
  unloadingPoints: trips.unloadingPoints,
  agreedPricePaisa: trips.agreedPricePaisa,
  tokenAmountPaisa: trips.tokenAmountPaisa,
  remarks: trips.remarks,
  cancelReason: trips.cancelReason,
  podRejectReason: trips.podRejectReason,
  lastNotifiedAt: trips.lastNotifiedAt,
  completedAt: trips.completedAt,
  trackingSource: trips.trackingSource,
  createdAt: trips.createdAt,
  updatedAt: trips.updatedAt,
  vehicleNumber: vehicles.number,
  vehicleType: vehicles.vehicleType,
  consignerName: consigners.name,
};
export type TripRow = Awaited<ReturnType<typeof findAnyTrip>> & {};

type TripOtpStage = (typeof tripOtps.$inferSelect)['stage'];
type TripRef = { id?: string; demandId?: string };
/** the tables that hang off one trip by `trip_id` and are read as a whole list */
type TripSideTable =
  | typeof tripEvents
  | typeof tripSlots
  | typeof tripDelays
  | typeof tripCharges
  | typeof tripDeductions
  | typeof tripPayments;

async function selectTrip(db: Db, ref: TripRef, operatorId?: OperatorId) {
  const conditions = [];
  if (ref.id) conditions.push(eq(trips.id, ref.id));
  if (ref.demandId) conditions.push(eq(trips.demandId, ref.demandId));
  if (!conditions.length) return undefined;
  if (operatorId !== undefined) conditions.push(eq(trips.operatorId, operatorId));
  const [row] = await db
    .select(tripColumns)
    .from(trips)
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .leftJoin(consigners, eq(consigners.code, trips.consignerCode))
    .where(and(...conditions))
    .limit(1);
  return row;
}

/** A trip of this operator, by id or by its load. */
export async function findTrip(db: Db, scope: TripRef & { operatorId: OperatorId }) {
  return selectTrip(db, scope, scope.operatorId);
}

/** Any operator's trip: for the admin's calls and for jobs, never for an operator's request. */
export async function findAnyTrip(db: Db, ref: TripRef) {
  return selectTrip(db, ref);
}

export async function countByState(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db.select({ state: trips.state, n: count() }).from(trips).where(eq(trips.operatorId, operatorId)).groupBy(trips.state);
}

/** Moves the trip only if it is still in `from`; returns false when someone moved it first. */
export async function updateTripState(
  db: Db,
  input: { id: string; from: string; to: string; set?: Partial<typeof trips.$inferInsert> },
): Promise<boolean> {
  const rows = await db
    .update(trips)
    .set({ ...(input.set ?? {}), state: input.to, updatedAt: new Date() })
    .where(and(eq(trips.id, input.id), eq(trips.state, input.from)))
    .returning({ id: trips.id });
  return rows.length > 0;
}

export async function findTripStateRow(db: Db, id: string) {
  const [row] = await db.select({ state: trips.state }).from(trips).where(eq(trips.id, id)).limit(1);
  return row;
}

export async function lockTripState(db: Db, id: string) {
  const [row] = await db.select({ state: trips.state }).from(trips).where(eq(trips.id, id)).limit(1).for('update');
  return row;
}

export async function updateTrip(db: Db, { id, set }: { id: string; set: Partial<typeof trips.$inferInsert> }) {
  await db
    .update(trips)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(trips.id, id));
}

export async function insertEvent(db: Db, row: typeof tripEvents.$inferInsert) {
  await db.insert(tripEvents).values(row);
}

/** The rows one trip owns in one of its side tables (events, slots, delays, charges, …), in the given order. */
function listOfTrip<Columns extends SelectedFields>(
  db: Db,
  table: TripSideTable,
  { tripId, columns, order = [] }: { tripId: string; columns: Columns; order?: SQL[] },
): Promise<Array<SelectResultFields<Columns>>> {
  // one of several tables, so drizzle cannot name the row type: it is the columns' own
  const query = db
    .select(columns)
    .from(table as PgTable)
    .where(eq(table.tripId, tripId))
    .orderBy(...order);
  return query as Promise<Array<SelectResultFields<Columns>>>;
}

export async function listEvents(db: Db, tripId: string) {
  const columns = {
    fromState: tripEvents.fromState,
    toState: tripEvents.toState,
    actorKind: tripEvents.actorKind,
    note: tripEvents.note,
    stageCheck: tripEvents.stageCheck,
    createdAt: tripEvents.createdAt,
  };
  return listOfTrip(db, tripEvents, { tripId, columns, order: [asc(tripEvents.id)] });
}

/** The reached-point checks on the history of these trips, oldest first (ADR 270). */
export async function listStageCheckEvents(db: Db, tripIds: readonly string[]) {
  return db
    .select({ tripId: tripEvents.tripId, toState: tripEvents.toState, stageCheck: tripEvents.stageCheck, createdAt: tripEvents.createdAt })
    .from(tripEvents)
    .where(and(inArray(tripEvents.tripId, [...tripIds]), isNotNull(tripEvents.stageCheck)))
    .orderBy(asc(tripEvents.id));
}

/** The newest trip of a vehicle in one of these states, other than `exceptTripId` (busy checks, tracking). */
export async function findRunningTripOfVehicle(
  db: Db,
  { vehicleId, states, exceptTripId }: { vehicleId: string; states: readonly string[]; exceptTripId?: string },
) {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.vehicleId, vehicleId), inArray(trips.state, [...states]), exceptTripId ? ne(trips.id, exceptTripId) : undefined))
    .orderBy(desc(trips.createdAt))
    .limit(1);
  return row;
}

/** The newest trip of the operator's driver (by phone) in one of these states, other than `exceptTripId`. */
export async function findRunningTripOfDriver(
  db: Db,
  { operatorId, phone, states, exceptTripId }: { operatorId: OperatorId; phone: string; states: readonly string[]; exceptTripId: string },
) {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(eq(trips.operatorId, operatorId), eq(trips.driverPhone, phone), inArray(trips.state, [...states]), ne(trips.id, exceptTripId)),
    )
    .orderBy(desc(trips.createdAt))
    .limit(1);
  return row;
}

export async function findOperatorVehicle(db: Db, scope: { id: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({ id: vehicles.id, number: vehicles.number })
    .from(vehicles)
    .where(and(eq(vehicles.id, scope.id), eq(vehicles.operatorId, scope.operatorId)))
    .limit(1);
  return row;
}

// ---------- stage codes ----------

export async function countRecentOtps(db: Db, { tripId, stage, since }: { tripId: string; stage: TripOtpStage; since: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(tripOtps)
    .where(and(eq(tripOtps.tripId, tripId), eq(tripOtps.stage, stage), gt(tripOtps.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertOtp(db: Db, row: typeof tripOtps.$inferInsert) {
  await db.insert(tripOtps).values(row);
}

export async function findLatestOtp(db: Db, { tripId, stage }: { tripId: string; stage: TripOtpStage }) {
  return codes.findLatestCode(db, { table: tripOtps, match: and(eq(tripOtps.tripId, tripId), eq(tripOtps.stage, stage)) });
}

export async function addOtpTry(db: Db, id: string): Promise<number> {
  return (await codes.addCodeTry(db, { table: tripOtps, id })) ?? Number.MAX_SAFE_INTEGER;
}

export async function consumeOtp(db: Db, id: string): Promise<boolean> {
  return codes.consumeCode(db, { table: tripOtps, id });
}

// ---------- slots ----------

export async function listTripSlots(db: Db, tripId: string) {
  const columns = { location: tripSlots.location, slotStart: tripSlots.slotStart, slotEnd: tripSlots.slotEnd };
  return listOfTrip(db, tripSlots, { tripId, columns });
}

export async function listFacilityBookings(db: Db, facilityKey: string, from: Date, to: Date) {
  return db
    .select({ tripId: tripSlots.tripId, slotStart: tripSlots.slotStart })
    .from(tripSlots)
    .where(and(eq(tripSlots.facilityKey, facilityKey), gt(tripSlots.slotStart, from), sql`${tripSlots.slotStart} < ${to}`));
}

export async function deleteTripSlot(db: Db, { tripId, location }: { tripId: string; location?: 'LOADING' | 'UNLOADING' }) {
  await db.delete(tripSlots).where(and(eq(tripSlots.tripId, tripId), location ? eq(tripSlots.location, location) : undefined));
}

export async function insertTripSlot(db: Db, row: typeof tripSlots.$inferInsert) {
  await db.insert(tripSlots).values(row);
}

// ---------- remarks, alerts, feedback, chat ----------

export async function insertDelay(db: Db, row: typeof tripDelays.$inferInsert) {
  await db.insert(tripDelays).values(row);
}

export async function listDelays(db: Db, tripId: string) {
  const columns = {
    type: tripDelays.type,
    reasonCode: tripDelays.reasonCode,
    remarks: tripDelays.remarks,
    expectedAt: tripDelays.expectedAt,
    createdAt: tripDelays.createdAt,
  };
  return listOfTrip(db, tripDelays, { tripId, columns, order: [desc(tripDelays.createdAt)] });
}

export async function insertAlert(db: Db, row: typeof tripAlerts.$inferInsert) {
  await db.insert(tripAlerts).values(row);
}

export async function insertFeedback(db: Db, row: typeof tripFeedback.$inferInsert) {
  await db.insert(tripFeedback).values(row);
}

export async function upsertChatVariables(db: Db, row: typeof tripChatVariables.$inferInsert) {
  await db
    .insert(tripChatVariables)
    .values(row)
    .onConflictDoUpdate({
      target: [tripChatVariables.userId, tripChatVariables.tripId],
      set: { referenceId: row.referenceId ?? null, actionType: row.actionType, updatedAt: new Date() },
    });
}

// ---------- charges, deductions, payments, invoice ----------

const chargeColumns = {
  id: tripCharges.id,
  type: tripCharges.type,
  amountPaisa: tripCharges.amountPaisa,
  approvedPaisa: tripCharges.approvedPaisa,
  status: tripCharges.status,
  description: tripCharges.description,
  documentKeys: tripCharges.documentKeys,
  decisionReason: tripCharges.decisionReason,
  createdAt: tripCharges.createdAt,
};

export async function listCharges(db: Db, tripId: string) {
  return listOfTrip(db, tripCharges, { tripId, columns: chargeColumns, order: [asc(tripCharges.createdAt)] });
}

export async function findCharge(db: Db, scope: { id: string; tripId: string }) {
  const [row] = await db
    .select(chargeColumns)
    .from(tripCharges)
    .where(and(eq(tripCharges.id, scope.id), eq(tripCharges.tripId, scope.tripId)))
    .limit(1);
  return row;
}

export async function insertCharge(db: Db, row: typeof tripCharges.$inferInsert) {
  await db.insert(tripCharges).values(row);
}

/** only while the claim is still open; returns false when it was decided meanwhile */
export async function updateOpenCharge(db: Db, { id, set }: { id: string; set: Partial<typeof tripCharges.$inferInsert> }) {
  const rows = await db
    .update(tripCharges)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(tripCharges.id, id), eq(tripCharges.status, 'CLAIMED')))
    .returning({ id: tripCharges.id });
  return rows.length > 0;
}

export async function markChargesPaid(db: Db, tripId: string) {
  await db
    .update(tripCharges)
    .set({ status: 'PAID', updatedAt: new Date() })
    .where(and(eq(tripCharges.tripId, tripId), eq(tripCharges.status, 'APPROVED')));
}

export async function insertDeductions(db: Db, rows: Array<typeof tripDeductions.$inferInsert>) {
  if (rows.length) await db.insert(tripDeductions).values(rows);
}

export async function listDeductions(db: Db, tripId: string) {
  const columns = { reason: tripDeductions.reason, amountPaisa: tripDeductions.amountPaisa, createdAt: tripDeductions.createdAt };
  return listOfTrip(db, tripDeductions, { tripId, columns, order: [asc(tripDeductions.createdAt)] });
}

export async function listPayments(db: Db, tripId: string) {
  const columns = {
    kind: tripPayments.kind,
    amountPaisa: tripPayments.amountPaisa,
    entryId: tripPayments.entryId,
    createdAt: tripPayments.createdAt,
  };
  return listOfTrip(db, tripPayments, { tripId, columns });
}

export async function insertPayment(db: Db, row: { tripId: string; kind: TripPaymentKind; amountPaisa: number; entryId: string | null }) {
  await db.insert(tripPayments).values(row);
}

export async function findInvoice(db: Db, tripId: string) {
  const [row] = await db
    .select({
      fileKey: tripInvoices.fileKey,
      invoiceNumber: tripInvoices.invoiceNumber,
      amountPaisa: tripInvoices.amountPaisa,
      uploadedAt: tripInvoices.uploadedAt,
    })
    .from(tripInvoices)
    .where(eq(tripInvoices.tripId, tripId))
    .limit(1);
  return row;
}

export async function upsertInvoice(db: Db, row: typeof tripInvoices.$inferInsert) {
  await db
    .insert(tripInvoices)
    .values(row)
    .onConflictDoUpdate({
      target: tripInvoices.tripId,
      set: { fileKey: row.fileKey, invoiceNumber: row.invoiceNumber ?? null, amountPaisa: row.amountPaisa ?? null, uploadedAt: new Date() },
    });
}

export async function deleteInvoice(db: Db, tripId: string) {
  await db.delete(tripInvoices).where(eq(tripInvoices.tripId, tripId));
}
