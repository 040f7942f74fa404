import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  collections,
  consignees,
  consigners,
  consignmentAudit,
  consignments,
  demands,
  docketInvoices,
  dockets,
  lanes,
  operators,
  positions,
  reportRequests,
  scheduledVehicles,
  tripFiles,
  trips,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import type { ConsignerCode } from '../../lib/tenancy.ts';

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

export async function findConsignerName(db: Db, { consignerCode }: { consignerCode: string }) {
  const [row] = await db.select({ name: consigners.name }).from(consigners).where(eq(consigners.code, consignerCode)).limit(1);
  return row?.name;
}

export async function findOperatorName(db: Db, { operatorId }: { operatorId: string }) {
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

// ---- scheduled vehicles

export async function findScheduledForConsignment(db: Db, { consignmentId }: { consignmentId: string }) {
  const [row] = await db
    .select()
    .from(scheduledVehicles)
    .where(eq(scheduledVehicles.consignmentId, consignmentId))
    .orderBy(desc(scheduledVehicles.scheduledAt))
    .limit(1);
  return row;
}

export async function insertScheduled(db: Db, row: typeof scheduledVehicles.$inferInsert) {
  await db.insert(scheduledVehicles).values(row);
}

/** A vehicle's number and last known position (read-only over the fleet's table). */
export async function findVehicleBrief(db: Db, { vehicleId }: { vehicleId: string }) {
  const [row] = await db
    .select({ number: vehicles.number, lat: vehicles.currentLat, lng: vehicles.currentLng })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .limit(1);
  return row;
}

export async function deleteScheduledForConsignment(db: Db, { consignmentId }: { consignmentId: string }) {
  await db.delete(scheduledVehicles).where(eq(scheduledVehicles.consignmentId, consignmentId));
}

export async function updateScheduled(db: Db, { id, set }: { id: string; set: Partial<typeof scheduledVehicles.$inferInsert> }) {
  await db
    .update(scheduledVehicles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(scheduledVehicles.id, id));
}

export interface ScheduleWhere {
  date?: string;
  laneCode?: string;
  consignerCode?: string;
  operatorId?: string;
  state?: string;
}

function scheduleWhere(f: ScheduleWhere, extra: Array<SQL | undefined> = []) {
  const conds: Array<SQL | undefined> = [...extra];
  if (f.date) {
    // the day in India time
    const start = new Date(`${f.date}T00:00:00+05:30`);
    conds.push(gte(scheduledVehicles.scheduledAt, start), lt(scheduledVehicles.scheduledAt, new Date(start.getTime() + 86_400_000)));
  }
  if (f.laneCode) conds.push(eq(scheduledVehicles.laneCode, f.laneCode));
  if (f.consignerCode) conds.push(eq(scheduledVehicles.consignerCode, f.consignerCode));
  if (f.operatorId) conds.push(eq(scheduledVehicles.operatorId, f.operatorId));
  if (f.state) conds.push(eq(scheduledVehicles.state, f.state as ScheduledRow['state']));
  return and(...conds);
}

export async function listScheduled(db: Db, f: ScheduleWhere & { pageNo: number; pageSize: number }) {
  const where = scheduleWhere(f);
  const [total] = await db.select({ n: count() }).from(scheduledVehicles).where(where);
  const rows = await db
    .select({
      s: scheduledVehicles,
      cCode: consignments.code,
      originCity: consignments.originCity,
      destinationCity: consignments.destinationCity,
      consignerName: consigners.name,
      operatorName: operators.companyName,
    })
    .from(scheduledVehicles)
    .innerJoin(consignments, eq(consignments.id, scheduledVehicles.consignmentId))
    .innerJoin(consigners, eq(consigners.code, scheduledVehicles.consignerCode))
    .leftJoin(operators, eq(operators.id, scheduledVehicles.operatorId))
    .where(where)
    .orderBy(asc(scheduledVehicles.scheduledAt), asc(scheduledVehicles.id))
    .limit(f.pageSize)
    .offset(f.pageNo * f.pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function countScheduledByState(db: Db, f: ScheduleWhere) {
  return db
    .select({ state: scheduledVehicles.state, n: count() })
    .from(scheduledVehicles)
    .where(scheduleWhere({ ...f, state: undefined }))
    .groupBy(scheduledVehicles.state);
}

export async function scheduleFilterOptions(db: Db) {
  const [consignerRows, operatorRows] = await Promise.all([
    db
      .selectDistinct({ code: consigners.code, name: consigners.name })
      .from(scheduledVehicles)
      .innerJoin(consigners, eq(consigners.code, scheduledVehicles.consignerCode))
      .orderBy(asc(consigners.name)),
    db
      .selectDistinct({ id: operators.id, name: operators.companyName })
      .from(scheduledVehicles)
      .innerJoin(operators, eq(operators.id, scheduledVehicles.operatorId))
      .orderBy(asc(operators.companyName)),
  ]);
  return { consigners: consignerRows, operators: operatorRows };
}

/**
 * Map markers grouped into grid cells of `cell` degrees inside the box: one row per cell with its
 * count and centre, so thousands of vehicles become a few hundred markers in one indexed query.
 */
export async function aggregateScheduled(
  db: Db,
  f: ScheduleWhere & { cell: number; bbox?: { south: number; west: number; north: number; east: number } },
) {
  const box = f.bbox;
  const where = scheduleWhere(f, [
    sql`${scheduledVehicles.lat} is not null`,
    box
      ? sql`${scheduledVehicles.lat} between ${box.south} and ${box.north} and ${scheduledVehicles.lng} between ${box.west} and ${box.east}`
      : undefined,
  ]);
  const cell = f.cell;
  const result = await db
    .select({
      lat: sql<number>`avg(${scheduledVehicles.lat})::float8`,
      lng: sql<number>`avg(${scheduledVehicles.lng})::float8`,
      n: sql<number>`count(*)::int`,
      id: sql<string>`min(${scheduledVehicles.id})`,
      vehicleNumber: sql<string>`min(${scheduledVehicles.vehicleNumber})`,
      state: sql<string>`min(${scheduledVehicles.state})`,
    })
    .from(scheduledVehicles)
    .where(where)
    .groupBy(sql`floor(${scheduledVehicles.lat} / ${cell}), floor(${scheduledVehicles.lng} / ${cell})`)
    .limit(2000);
  return result;
}

export async function findScheduledForAdmin(db: Db, { id }: { id: string }) {
  const [row] = await db
    .select({
      s: scheduledVehicles,
      cCode: consignments.code,
      tripId: consignments.tripId,
      originCity: consignments.originCity,
      destinationCity: consignments.destinationCity,
    })
    .from(scheduledVehicles)
    .innerJoin(consignments, eq(consignments.id, scheduledVehicles.consignmentId))
    .where(eq(scheduledVehicles.id, id))
    .limit(1);
  return row;
}

export async function findTripPoints(db: Db, { tripId }: { tripId: string }) {
  const [row] = await db
    .select({ loading: trips.loadingPoints, unloading: trips.unloadingPoints })
    .from(trips)
    .where(eq(trips.id, tripId))
    .limit(1);
  return row;
}

/** The latest position tracking has for a vehicle since a moment (read-only over the tracking table). */
export async function findLatestPosition(db: Db, { vehicleId, since }: { vehicleId: string; since: Date }) {
  const [row] = await db
    .select({ lat: positions.lat, lng: positions.lng, at: positions.recordedAt, speedKmph: positions.speedKmph })
    .from(positions)
    .where(and(eq(positions.vehicleId, vehicleId), gte(positions.recordedAt, since)))
    .orderBy(desc(positions.recordedAt))
    .limit(1);
  return row;
}

export const listPositions = (db: Db, { vehicleId, since, until }: { vehicleId: string; since: Date; until: Date }) =>
  db
    .select({ lat: positions.lat, lng: positions.lng, at: positions.recordedAt })
    .from(positions)
    .where(and(eq(positions.vehicleId, vehicleId), gte(positions.recordedAt, since), lt(positions.recordedAt, until)))
    .orderBy(asc(positions.recordedAt))
    .limit(2000);

// ---- the consigner's own views

export interface ConsignerVehicleFilter {
  consignerCode: ConsignerCode;
  state?: string;
  originCity?: string;
  destinationCity?: string;
  operatorId?: string;
  from?: Date;
  to?: Date;
}

function consignerTripWhere(f: ConsignerVehicleFilter) {
  return and(
    eq(trips.consignerCode, f.consignerCode),
    f.state ? eq(trips.state, f.state) : undefined,
    f.originCity ? eq(trips.originCity, f.originCity) : undefined,
    f.destinationCity ? eq(trips.destinationCity, f.destinationCity) : undefined,
    f.operatorId ? eq(trips.operatorId, f.operatorId) : undefined,
    f.from ? gte(trips.createdAt, f.from) : undefined,
    f.to ? lt(trips.createdAt, f.to) : undefined,
  );
}

/** The vehicles on this consigner's trips, one row per vehicle with its latest trip; a page. */
export async function listConsignerVehicles(db: Db, f: ConsignerVehicleFilter & { pageNo: number; pageSize: number }) {
  const where = consignerTripWhere(f);
  const latest = db
    .selectDistinctOn([trips.vehicleId], {
      tripId: sql<string>`${trips.id}`.as('cv_trip_id'),
      vehicleId: sql<string>`${trips.vehicleId}`.as('cv_vehicle_id'),
      operatorId: sql<string>`${trips.operatorId}`.as('cv_operator_id'),
      state: sql<string>`${trips.state}`.as('cv_trip_state'),
      originCity: sql<string>`${trips.originCity}`.as('cv_origin_city'),
      destinationCity: sql<string>`${trips.destinationCity}`.as('cv_destination_city'),
      createdAt: sql<Date>`${trips.createdAt}`.as('cv_trip_created_at'),
      tripCount: sql<number>`(count(*) over (partition by ${trips.vehicleId}))::int`.as('cv_trip_count'),
    })
    .from(trips)
    .where(where)
    .orderBy(trips.vehicleId, desc(trips.createdAt), desc(trips.id))
    .as('latest');
  const [total] = await db.select({ n: count() }).from(latest);
  const rows = await db
    .select({
      tripId: latest.tripId,
      vehicleId: latest.vehicleId,
      operatorId: latest.operatorId,
      state: latest.state,
      originCity: latest.originCity,
      destinationCity: latest.destinationCity,
      createdAt: latest.createdAt,
      tripCount: latest.tripCount,
      number: vehicles.number,
      lat: vehicles.currentLat,
      lng: vehicles.currentLng,
      city: vehicles.currentCity,
      operatorName: operators.companyName,
    })
    .from(latest)
    .innerJoin(vehicles, eq(vehicles.id, latest.vehicleId))
    .innerJoin(operators, eq(operators.id, latest.operatorId))
    .orderBy(desc(latest.createdAt), asc(latest.vehicleId))
    .limit(f.pageSize)
    .offset(f.pageNo * f.pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function consignerFilterOptions(db: Db, { consignerCode }: { consignerCode: ConsignerCode }) {
  const mine = eq(trips.consignerCode, consignerCode);
  const [states, laneRows, operatorRows] = await Promise.all([
    db.selectDistinct({ state: trips.state }).from(trips).where(mine).orderBy(asc(trips.state)),
    db
      .selectDistinct({ origin: trips.originCity, destination: trips.destinationCity })
      .from(trips)
      .where(mine)
      .orderBy(asc(trips.originCity), asc(trips.destinationCity)),
    db
      .selectDistinct({ id: operators.id, name: operators.companyName })
      .from(trips)
      .innerJoin(operators, eq(operators.id, trips.operatorId))
      .where(mine)
      .orderBy(asc(operators.companyName)),
  ]);
  return { states: states.map((s) => s.state), lanes: laneRows, operators: operatorRows };
}

/** Every trip of the consigner with its vehicle and operator, for the mailed reports. */
export const listConsignerTripsForReport = (db: Db, f: ConsignerVehicleFilter) =>
  db
    .select({
      tripId: trips.id,
      demandId: trips.demandId,
      state: trips.state,
      originCity: trips.originCity,
      destinationCity: trips.destinationCity,
      agreedPricePaisa: trips.agreedPricePaisa,
      createdAt: trips.createdAt,
      completedAt: trips.completedAt,
      vehicleNumber: vehicles.number,
      vehicleType: vehicles.vehicleType,
      operatorId: operators.id,
      operatorName: operators.companyName,
    })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .innerJoin(operators, eq(operators.id, trips.operatorId))
    .where(consignerTripWhere(f))
    .orderBy(asc(operators.companyName), asc(vehicles.number), asc(trips.createdAt))
    .limit(50_000);

export async function findConsignerDemand(db: Db, { consignerCode, demandId }: { consignerCode: ConsignerCode; demandId: string }) {
  const [row] = await db
    .select({ id: demands.id, tripId: demands.tripId })
    .from(demands)
    .where(and(eq(demands.consignerCode, consignerCode), eq(demands.id, demandId)))
    .limit(1);
  return row;
}

export async function findConsignerTripByDemand(db: Db, { consignerCode, demandId }: { consignerCode: ConsignerCode; demandId: string }) {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.consignerCode, consignerCode), eq(trips.demandId, demandId)))
    .limit(1);
  return row;
}

export async function findConsignmentByTrip(db: Db, { tripId }: { tripId: string }) {
  const [row] = await db
    .select()
    .from(consignments)
    .where(and(eq(consignments.tripId, tripId), isNull(consignments.deletedAt)))
    .limit(1);
  return row;
}

export const listTripDocumentFiles = (db: Db, { tripId }: { tripId: string }) =>
  db
    .select({
      id: tripFiles.id,
      docType: tripFiles.docType,
      key: tripFiles.resourceKey,
      hasFile: tripFiles.hasFile,
      createdAt: tripFiles.createdAt,
    })
    .from(tripFiles)
    .where(
      and(
        eq(tripFiles.tripId, tripId),
        inArray(tripFiles.docType, ['POD', 'BILTI']),
        inArray(tripFiles.status, ['SUBMITTED', 'VERIFIED', 'UPLOADED']),
      ),
    )
    .orderBy(asc(tripFiles.createdAt));

export async function findUserEmail(db: Db, { userId }: { userId: string }) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

export async function insertReportRequest(db: Db, row: typeof reportRequests.$inferInsert) {
  await db.insert(reportRequests).values(row);
}

export async function finishReportRequest(
  db: Db,
  { id, set }: { id: string; set: Pick<typeof reportRequests.$inferInsert, 'status' | 'rowCount' | 'messageId'> },
) {
  await db
    .update(reportRequests)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(reportRequests.id, id));
}

export const listReportRequests = (db: Db, { consignerCode }: { consignerCode: ConsignerCode }) =>
  db.select().from(reportRequests).where(eq(reportRequests.consignerCode, consignerCode)).orderBy(desc(reportRequests.createdAt)).limit(20);

export async function sumInvoiceValue(db: Db, { consignmentId }: { consignmentId: string }) {
  const [row] = await db
    .select({ v: sum(docketInvoices.valuePaisa).mapWith(Number) })
    .from(docketInvoices)
    .where(eq(docketInvoices.consignmentId, consignmentId));
  return row?.v ?? 0;
}
