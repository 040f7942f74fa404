import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  consignments,
  demands,
  docketInvoices,
  operators,
  reportRequests,
  tripFiles,
  trips,
  users,
  vehicles,
} from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

/** The consigner's own views: its vehicles, filters, demand documents and mailed report requests (ADR 133); every query takes the consigner's code. */

// ---- the consigner's own views

export interface ConsignerVehicleFilter {
  consignerCode: ConsignerCode;
  state?: string;
  originCity?: string;
  destinationCity?: string;
  operatorId?: OperatorId;
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

/** A vehicle as the consigner's map shows it: its number, last known place and operator. */
const vehicleOnMap = {
  number: vehicles.number,
  lat: vehicles.currentLat,
  lng: vehicles.currentLng,
  city: vehicles.currentCity,
  operatorName: operators.companyName,
};

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
      ...vehicleOnMap,
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

/** The language the user saved: the language of the files and mails made for them. */
export async function findUserLocale(db: Db, { userId }: { userId: string }) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? null;
}

export async function insertReportRequest(db: Db, row: typeof reportRequests.$inferInsert) {
  await db.insert(reportRequests).values(row);
}

export async function finishReportRequest(
  db: Db,
  { id, set }: { id: string; set: Partial<Pick<typeof reportRequests.$inferInsert, 'status' | 'rowCount' | 'messageId' | 'fileKey'>> },
) {
  await db
    .update(reportRequests)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(reportRequests.id, id));
}

/** The built workbook is stored: it can be downloaded while its mail is on the way. */
export async function recordBuiltReport(db: Db, { id, fileKey, rowCount }: { id: string; fileKey: string; rowCount: number }) {
  await db.update(reportRequests).set({ fileKey, rowCount }).where(eq(reportRequests.id, id));
}

/** A mail of a built report failed: tried again later, or given up on (`final`), the file kept. */
export async function recordReportMailFailure(db: Db, { id, attempts, final }: { id: string; attempts: number; final: boolean }) {
  await db
    .update(reportRequests)
    .set({ mailAttempts: attempts, status: final ? 'MAIL_FAILED' : 'MAIL_RETRYING', ...(final ? { finishedAt: new Date() } : {}) })
    .where(eq(reportRequests.id, id));
}

/** The email addresses on a consigner's account: those of its live users. */
export async function listAccountEmails(db: Db, { consignerCode }: { consignerCode: ConsignerCode }) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.consignerCode, consignerCode), isNull(users.deletedAt)));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

export async function findReportRequest(db: Db, { id }: { id: string }) {
  const [row] = await db.select().from(reportRequests).where(eq(reportRequests.id, id)).limit(1);
  return row;
}

export async function findConsignerReportRequest(db: Db, { id, consignerCode }: { id: string; consignerCode: ConsignerCode }) {
  const [row] = await db
    .select()
    .from(reportRequests)
    .where(and(eq(reportRequests.id, id), eq(reportRequests.consignerCode, consignerCode)))
    .limit(1);
  return row;
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
