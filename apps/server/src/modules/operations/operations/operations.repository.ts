import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  collections,
  consignees,
  consigners,
  consignmentAudit,
  consignments,
  docketInvoices,
  dockets,
  lanes,
  operators,
  type scheduledVehicles,
  trips,
} from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

/**
 * The operations desk's tables, and read-only queries over trips, vehicles and positions for the
 * consigner's views (ADR 130). Staff functions (the desk is the admin kind's) span every tenant;
 * consigner functions take the consigner's code.
 */

export type ConsignmentRow = typeof consignments.$inferSelect;
export type ConsigneeRow = typeof consignees.$inferSelect;
export type DocketRow = typeof dockets.$inferSelect;
export type InvoiceRow = typeof docketInvoices.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type ScheduledRow = typeof scheduledVehicles.$inferSelect;

// ---- lookups

export const listLanes = (db: Db) => db.select().from(lanes).orderBy(asc(lanes.code));

export async function findLane(db: Db, { code }: { code: string }) {
  const [row] = await db.select().from(lanes).where(eq(lanes.code, code)).limit(1);
  return row;
}

export const listConsignees = (db: Db) => db.select().from(consignees).orderBy(asc(consignees.name)).limit(500);

export async function findConsignee(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(consignees).where(eq(consignees.id, id)).limit(1);
  return row;
}

export async function findConsignerName(db: Db, { consignerCode }: { consignerCode: ConsignerCode }) {
  const [row] = await db.select({ name: consigners.name }).from(consigners).where(eq(consigners.code, consignerCode)).limit(1);
  return row?.name;
}

export async function findOperatorName(db: Db, { operatorId }: { operatorId: OperatorId }) {
  const [row] = await db.select({ name: operators.companyName }).from(operators).where(eq(operators.id, operatorId)).limit(1);
  return row?.name;
}

// ---- consignments (staff)

export async function findConsignmentForAdmin(db: Db, by: { id: string } | { code: string }, opts: { includeDeleted?: boolean } = {}) {
  const where = 'id' in by ? eq(consignments.id, by.id) : eq(consignments.code, by.code);
  const [row] = await db
    .select()
    .from(consignments)
    .where(opts.includeDeleted ? where : and(where, isNull(consignments.deletedAt)))
    .limit(1);
  return row;
}

export async function lockConsignmentForAdmin(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(consignments).where(eq(consignments.id, id)).limit(1).for('update');
  return row;
}

export async function listConsignmentsForAdmin(db: Db, q: { pageNo: number; pageSize: number; search?: string }) {
  const where = and(
    isNull(consignments.deletedAt),
    q.search ? sql`(${consignments.code} ilike ${`%${q.search}%`} or ${consignments.id} = ${q.search})` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(consignments).where(where);
  const rows = await db
    .select({
      cId: consignments.id,
      cCode: consignments.code,
      consignerName: consigners.name,
      originCity: consignments.originCity,
      destinationCity: consignments.destinationCity,
      status: consignments.status,
      freightInPaisa: consignments.freightPaisa,
      updatedAt: consignments.updatedAt,
    })
    .from(consignments)
    .innerJoin(consigners, eq(consigners.code, consignments.consignerCode))
    .where(where)
    .orderBy(desc(consignments.updatedAt), asc(consignments.id))
    .limit(q.pageSize)
    .offset(q.pageNo * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function insertConsignment(db: Db, row: typeof consignments.$inferInsert) {
  const [saved] = await db.insert(consignments).values(row).returning();
  return saved!;
}

export async function updateConsignment(db: Db, { id, set }: { id: string; set: Partial<typeof consignments.$inferInsert> }) {
  const [saved] = await db
    .update(consignments)
    .set({ ...set, updatedAt: new Date(), version: sql`${consignments.version} + 1` })
    .where(eq(consignments.id, id))
    .returning();
  return saved!;
}

export async function insertAudit(db: Db, row: typeof consignmentAudit.$inferInsert) {
  await db.insert(consignmentAudit).values(row);
}

export const listAudit = (db: Db, { consignmentId }: { consignmentId: string }) =>
  db.select().from(consignmentAudit).where(eq(consignmentAudit.consignmentId, consignmentId)).orderBy(desc(consignmentAudit.id)).limit(50);

export async function findTripState(db: Db, { tripId }: { tripId: string }) {
  const [row] = await db
    .select({ state: trips.state, operatorId: trips.operatorId, consignerCode: trips.consignerCode, vehicleId: trips.vehicleId })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

// ---- docket

export async function findDocket(db: Db, { consignmentId }: { consignmentId: string }) {
  const [row] = await db.select().from(dockets).where(eq(dockets.consignmentId, consignmentId)).limit(1);
  return row;
}

export async function findDocketByNumber(db: Db, { docketNumber }: { docketNumber: string }) {
  const [row] = await db.select().from(dockets).where(eq(dockets.docketNumber, docketNumber)).limit(1);
  return row;
}

export async function upsertDocket(db: Db, row: typeof dockets.$inferInsert) {
  await db
    .insert(dockets)
    .values(row)
    .onConflictDoUpdate({
      target: dockets.consignmentId,
      set: {
        docketNumber: row.docketNumber,
        docketDate: row.docketDate,
        ewayBillNumber: row.ewayBillNumber,
        ewayBillValidUntil: row.ewayBillValidUntil,
        remarks: row.remarks,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    });
}

export async function deleteDocket(db: Db, { consignmentId }: { consignmentId: string }) {
  await db.delete(docketInvoices).where(eq(docketInvoices.consignmentId, consignmentId));
  const gone = await db.delete(dockets).where(eq(dockets.consignmentId, consignmentId)).returning({ id: dockets.consignmentId });
  return gone.length > 0;
}

export const listInvoices = (db: Db, { consignmentId }: { consignmentId: string }) =>
  db
    .select()
    .from(docketInvoices)
    .where(eq(docketInvoices.consignmentId, consignmentId))
    .orderBy(asc(docketInvoices.createdAt), asc(docketInvoices.id));

export async function findInvoice(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(docketInvoices).where(eq(docketInvoices.id, id)).limit(1);
  return row;
}

export async function insertInvoice(db: Db, row: typeof docketInvoices.$inferInsert) {
  await db.insert(docketInvoices).values(row);
}

export async function updateInvoice(db: Db, { id, set }: { id: string; set: Partial<typeof docketInvoices.$inferInsert> }) {
  await db.update(docketInvoices).set(set).where(eq(docketInvoices.id, id));
}

export async function deleteInvoice(db: Db, { id }: { id: string }) {
  await db.delete(docketInvoices).where(eq(docketInvoices.id, id));
}

// ---- collections

export const listCollections = (db: Db, { consignmentId }: { consignmentId: string }) =>
  db
    .select()
    .from(collections)
    .where(eq(collections.consignmentId, consignmentId))
    .orderBy(asc(collections.createdAt), asc(collections.id));

export async function findCollection(db: Db, { id, consignmentId }: { id: string; consignmentId: string }) {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.consignmentId, consignmentId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertCollection(db: Db, row: typeof collections.$inferInsert) {
  await db.insert(collections).values(row);
}

export async function updateCollection(db: Db, { id, set }: { id: string; set: Partial<typeof collections.$inferInsert> }) {
  await db
    .update(collections)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(collections.id, id));
}

export async function countCollected(db: Db, { consignmentId }: { consignmentId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(collections)
    .where(and(eq(collections.consignmentId, consignmentId), eq(collections.status, 'COLLECTED')));
  return row?.n ?? 0;
}

// the scheduled vehicles and the consigner's own views sit beside this file
export * from './consigner-views.repository.ts';
export * from './scheduling.repository.ts';
