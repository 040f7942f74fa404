import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { fleetDocuments, operators, trackingDevices, users, vehicleLookups, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type DocumentRow = typeof fleetDocuments.$inferSelect;

export async function listVehicles(db: Db, q: { operatorId: OperatorId; search?: string; limit: number; offset: number }) {
  const where = and(eq(vehicles.operatorId, q.operatorId), q.search ? ilike(vehicles.number, `%${q.search}%`) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(where)
      // rejected first, then pending, then verified: what needs the operator's action comes first
      .orderBy(
        sql`CASE ${vehicles.status} WHEN 'REJECTED' THEN 0 WHEN 'PENDING' THEN 1 ELSE 2 END`,
        desc(vehicles.createdAt),
        asc(vehicles.id),
      )
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(vehicles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listCompactVehicles(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select({
      vehicleId: vehicles.id,
      number: vehicles.number,
      vehicleType: vehicles.vehicleType,
      status: vehicles.status,
      // written out: a single-table select renders ${vehicles.id} unqualified, which the subquery would read as its own id
      hasDevice: sql<boolean>`EXISTS (SELECT 1 FROM tracking_devices d WHERE d.vehicle_id = vehicles.id AND d.revoked_at IS NULL)`,
    })
    .from(vehicles)
    .where(eq(vehicles.operatorId, q.operatorId))
    .orderBy(asc(vehicles.number));
}

/** One row of the operator's own vehicles or documents that `match` picks out ("not yours" is not found). */
async function findOwn<T extends typeof vehicles | typeof fleetDocuments>(
  db: Db,
  table: T,
  { operatorId, match }: { operatorId: OperatorId; match: SQL },
): Promise<T['$inferSelect'] | undefined> {
  // either table: drizzle types a query by one table, and both have the operator column
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(match, eq(table.operatorId, operatorId)))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

export async function findVehicle(db: Db, q: { operatorId: OperatorId; vehicleId: string }) {
  return findOwn(db, vehicles, { operatorId: q.operatorId, match: eq(vehicles.id, q.vehicleId) });
}

export async function findVehicleByNumber(db: Db, q: { operatorId: OperatorId; number: string }) {
  return findOwn(db, vehicles, { operatorId: q.operatorId, match: eq(vehicles.number, q.number) });
}

/** Inserts the vehicle unless its number is registered already (by anyone); undefined then. */
export async function insertVehicle(db: Db, row: typeof vehicles.$inferInsert & { operatorId: OperatorId }) {
  const [saved] = await db.insert(vehicles).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function updateVehicle(
  db: Db,
  q: { operatorId: OperatorId; vehicleId: string; patch: Partial<typeof vehicles.$inferInsert> },
) {
  const [row] = await db
    .update(vehicles)
    .set({ ...q.patch, updatedAt: new Date() })
    .where(and(eq(vehicles.id, q.vehicleId), eq(vehicles.operatorId, q.operatorId)))
    .returning();
  return row;
}

export async function listLookups(db: Db, q: { kind: string }) {
  return db
    .select({ value: vehicleLookups.value, label: vehicleLookups.label, labelHi: vehicleLookups.labelHi })
    .from(vehicleLookups)
    .where(eq(vehicleLookups.kind, q.kind))
    .orderBy(asc(vehicleLookups.sort), asc(vehicleLookups.value));
}

export async function hasActiveDevice(db: Db, q: { vehicleId: string }) {
  const [row] = await db
    .select({ id: trackingDevices.id })
    .from(trackingDevices)
    .where(and(eq(trackingDevices.vehicleId, q.vehicleId), isNull(trackingDevices.revokedAt)))
    .limit(1);
  return Boolean(row);
}

// documents

export async function insertDocument(db: Db, row: typeof fleetDocuments.$inferInsert & { operatorId: OperatorId }) {
  await db.insert(fleetDocuments).values(row);
}

/** files issued but never attached: bounded per operator so a client cannot fill the disk */
export async function countUploadingDocuments(db: Db, q: { operatorId: OperatorId }) {
  const [row] = await db
    .select({ n: count() })
    .from(fleetDocuments)
    .where(and(eq(fleetDocuments.operatorId, q.operatorId), eq(fleetDocuments.status, 'UPLOADING')));
  return row?.n ?? 0;
}

export async function findDocument(db: Db, q: { operatorId: OperatorId; documentId: string }) {
  return findOwn(db, fleetDocuments, { operatorId: q.operatorId, match: eq(fleetDocuments.id, q.documentId) });
}

export async function findDocumentByKey(db: Db, q: { operatorId: OperatorId; resourceKey: string }) {
  return findOwn(db, fleetDocuments, { operatorId: q.operatorId, match: eq(fleetDocuments.resourceKey, q.resourceKey) });
}

/** The documents in force (one per vehicle and type) of these vehicles. */
export async function listCurrentDocuments(db: Db, q: { operatorId: OperatorId; vehicleIds: string[] }) {
  if (!q.vehicleIds.length) return [];
  return db
    .select()
    .from(fleetDocuments)
    .where(
      and(eq(fleetDocuments.operatorId, q.operatorId), eq(fleetDocuments.current, true), inArray(fleetDocuments.vehicleId, q.vehicleIds)),
    )
    .orderBy(asc(fleetDocuments.docType));
}

export async function listProfileDocuments(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select()
    .from(fleetDocuments)
    .where(and(eq(fleetDocuments.operatorId, q.operatorId), eq(fleetDocuments.current, true), isNull(fleetDocuments.vehicleId)));
}

export async function findCurrentDocument(db: Db, q: { operatorId: OperatorId; vehicleId: string; docType: string }) {
  const [row] = await db
    .select()
    .from(fleetDocuments)
    .where(
      and(
        eq(fleetDocuments.operatorId, q.operatorId),
        eq(fleetDocuments.vehicleId, q.vehicleId),
        eq(fleetDocuments.docType, q.docType),
        eq(fleetDocuments.current, true),
      ),
    )
    .limit(1);
  return row;
}

/** The file becomes the document in force for its vehicle (or profile) and type, waiting for review. */
export async function makeCurrent(
  db: Db,
  q: { operatorId: OperatorId; documentId: string; vehicleId: string | null; docType: string; expiresOn: string | null },
) {
  await db
    .update(fleetDocuments)
    .set({ current: false })
    .where(
      and(
        eq(fleetDocuments.operatorId, q.operatorId),
        q.vehicleId ? eq(fleetDocuments.vehicleId, q.vehicleId) : isNull(fleetDocuments.vehicleId),
        eq(fleetDocuments.docType, q.docType),
        eq(fleetDocuments.current, true),
      ),
    );
  await db
    .update(fleetDocuments)
    .set({ current: true, status: 'PENDING', expiresOn: q.expiresOn, rejectReason: null, reviewedAt: null, reviewedBy: null })
    .where(and(eq(fleetDocuments.id, q.documentId), eq(fleetDocuments.operatorId, q.operatorId)));
}

export async function removeDocument(db: Db, q: { operatorId: OperatorId; documentId: string }) {
  await db.delete(fleetDocuments).where(and(eq(fleetDocuments.id, q.documentId), eq(fleetDocuments.operatorId, q.operatorId)));
}

// admin (every operator)

export async function listDocumentsForAdmin(db: Db, q: { status: string; limit: number }) {
  return db
    .select({ doc: fleetDocuments, operatorName: operators.name, vehicleNumber: vehicles.number })
    .from(fleetDocuments)
    .innerJoin(operators, eq(operators.id, fleetDocuments.operatorId))
    .leftJoin(vehicles, eq(vehicles.id, fleetDocuments.vehicleId))
    .where(and(eq(fleetDocuments.status, q.status as DocumentRow['status']), eq(fleetDocuments.current, true)))
    .orderBy(q.status === 'PENDING' ? asc(fleetDocuments.createdAt) : desc(fleetDocuments.reviewedAt))
    .limit(q.limit);
}

export async function findDocumentForAdmin(db: Db, documentId: string) {
  const [row] = await db.select().from(fleetDocuments).where(eq(fleetDocuments.id, documentId)).limit(1);
  return row;
}

/** Decides a PENDING document in force; undefined when it was decided (or replaced) meanwhile. */
export async function decideDocument(
  db: Db,
  q: { documentId: string; status: 'VERIFIED' | 'REJECTED'; reason: string | null; by: string; at: Date },
) {
  const [row] = await db
    .update(fleetDocuments)
    .set({ status: q.status, rejectReason: q.reason, reviewedBy: q.by, reviewedAt: q.at })
    .where(and(eq(fleetDocuments.id, q.documentId), eq(fleetDocuments.status, 'PENDING'), eq(fleetDocuments.current, true)))
    .returning();
  return row;
}

export async function setVehicleStatusForAdmin(db: Db, q: { vehicleId: string; status: string; reason: string | null }) {
  await db.update(vehicles).set({ status: q.status, rejectReason: q.reason, updatedAt: new Date() }).where(eq(vehicles.id, q.vehicleId));
}

export async function listCurrentDocumentsOfVehicleForAdmin(db: Db, vehicleId: string) {
  return db
    .select()
    .from(fleetDocuments)
    .where(and(eq(fleetDocuments.vehicleId, vehicleId), eq(fleetDocuments.current, true)));
}

/** Certificates in force expiring by `until` whose owner was not yet told, across every operator. */
export async function listExpiringDocumentsForAllOperators(db: Db, q: { until: string }) {
  return db
    .select({ doc: fleetDocuments, vehicleNumber: vehicles.number, ownerPhone: users.phone, ownerId: users.id })
    .from(fleetDocuments)
    .innerJoin(vehicles, eq(vehicles.id, fleetDocuments.vehicleId))
    .innerJoin(users, and(eq(users.operatorId, fleetDocuments.operatorId), eq(users.kind, 'OPERATOR')))
    .where(
      and(
        eq(fleetDocuments.current, true),
        isNull(fleetDocuments.expiryNotifiedAt),
        sql`${fleetDocuments.expiresOn} IS NOT NULL AND ${fleetDocuments.expiresOn} <= ${q.until}`,
      ),
    )
    .limit(1000);
}

/** Marks the reminder sent; false when another run marked it first. */
export async function markExpiryNotified(db: Db, q: { documentId: string; at: Date }) {
  const rows = await db
    .update(fleetDocuments)
    .set({ expiryNotifiedAt: q.at })
    .where(and(eq(fleetDocuments.id, q.documentId), isNull(fleetDocuments.expiryNotifiedAt)))
    .returning({ id: fleetDocuments.id });
  return rows.length > 0;
}
