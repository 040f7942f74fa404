import { istDayEnd, istDayStart } from '@bhada/contracts/time';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { consigners, consignments, operators, positions, scheduledVehicles, trips, vehicles } from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';
import type { ScheduledRow } from './operations.repository.ts';

/** Scheduled vehicles: the desk's placements and the map and itinerary reads over trips, vehicles and positions (ADR 134). */

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
  consignerCode?: ConsignerCode;
  operatorId?: OperatorId;
  state?: string;
}

function scheduleWhere(f: ScheduleWhere, extra: Array<SQL | undefined> = []) {
  const conds: Array<SQL | undefined> = [...extra];
  if (f.date) {
    // the day in India time
    conds.push(gte(scheduledVehicles.scheduledAt, istDayStart(f.date)), lt(scheduledVehicles.scheduledAt, istDayEnd(f.date)));
  }
  if (f.laneCode) conds.push(eq(scheduledVehicles.laneCode, f.laneCode));
  // an admin's filter narrows a list that already spans every tenant, so the ids it names are taken as given
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
