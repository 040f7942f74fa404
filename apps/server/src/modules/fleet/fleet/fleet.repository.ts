import { ACTIVE_TRIP_STATES } from '@bhada/contracts/trips/trips';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { drivers, gpsOrders, operators, trips, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/** a trip in these states has its driver on the road */
const activeStates = sql.raw(ACTIVE_TRIP_STATES.map((s) => `'${s}'`).join(','));

export type DriverRow = typeof drivers.$inferSelect;
export type GpsOrderRow = typeof gpsOrders.$inferSelect;

// drivers

export async function listDrivers(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select({
      driver: drivers,
      vehicleNumber: vehicles.number,
      tripsDriven: sql<number>`(SELECT count(*)::int FROM trips t WHERE t.operator_id = drivers.operator_id AND t.driver_phone = drivers.phone)`,
      onActiveTrip: sql<boolean>`EXISTS (SELECT 1 FROM trips t WHERE t.operator_id = drivers.operator_id AND t.driver_phone = drivers.phone AND t.state IN (${activeStates}))`,
    })
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(eq(drivers.operatorId, q.operatorId))
    .orderBy(asc(drivers.name), asc(drivers.id));
}

export async function findDriver(db: Db, q: { operatorId: OperatorId; driverId: string }) {
  const [row] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.id, q.driverId), eq(drivers.operatorId, q.operatorId)))
    .limit(1);
  return row;
}

/** undefined when the operator already has a driver with this phone */
export async function insertDriver(db: Db, row: typeof drivers.$inferInsert & { operatorId: OperatorId }) {
  const [saved] = await db.insert(drivers).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function updateDriver(db: Db, q: { operatorId: OperatorId; driverId: string; patch: Partial<typeof drivers.$inferInsert> }) {
  const [row] = await db
    .update(drivers)
    .set(q.patch)
    .where(and(eq(drivers.id, q.driverId), eq(drivers.operatorId, q.operatorId)))
    .returning();
  return row;
}

export async function deleteDriver(db: Db, q: { operatorId: OperatorId; driverId: string }) {
  await db.delete(drivers).where(and(eq(drivers.id, q.driverId), eq(drivers.operatorId, q.operatorId)));
}

export async function driverOnActiveTrip(db: Db, q: { operatorId: OperatorId; phone: string }) {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.operatorId, q.operatorId), eq(trips.driverPhone, q.phone), inArray(trips.state, [...ACTIVE_TRIP_STATES])))
    .limit(1);
  return Boolean(row);
}

export async function activeTripOfVehicle(db: Db, q: { operatorId: OperatorId; vehicleId: string }) {
  const [row] = await db
    .select({ id: trips.id, state: trips.state, loadingPoints: trips.loadingPoints, unloadingPoints: trips.unloadingPoints })
    .from(trips)
    .where(and(eq(trips.operatorId, q.operatorId), eq(trips.vehicleId, q.vehicleId), inArray(trips.state, [...ACTIVE_TRIP_STATES])))
    .orderBy(desc(trips.createdAt))
    .limit(1);
  return row;
}

// GPS orders

export async function listGpsOrders(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select({ order: gpsOrders, vehicleNumber: vehicles.number })
    .from(gpsOrders)
    .innerJoin(vehicles, eq(vehicles.id, gpsOrders.vehicleId))
    .where(eq(gpsOrders.operatorId, q.operatorId))
    .orderBy(desc(gpsOrders.createdAt))
    .limit(200);
}

export async function openGpsOrderOfVehicle(db: Db, q: { vehicleId: string }) {
  const [row] = await db
    .select({ id: gpsOrders.id })
    .from(gpsOrders)
    .where(and(eq(gpsOrders.vehicleId, q.vehicleId), inArray(gpsOrders.status, ['PLACED', 'SCHEDULED'])))
    .limit(1);
  return row;
}

/** undefined when the vehicle has an open order already (the partial unique index decides) */
export async function insertGpsOrder(db: Db, row: typeof gpsOrders.$inferInsert & { operatorId: OperatorId }) {
  const [saved] = await db.insert(gpsOrders).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function listGpsOrdersForAdmin(db: Db, q: { limit: number }) {
  return db
    .select({ order: gpsOrders, vehicleNumber: vehicles.number, operatorName: operators.name })
    .from(gpsOrders)
    .innerJoin(vehicles, eq(vehicles.id, gpsOrders.vehicleId))
    .innerJoin(operators, eq(operators.id, gpsOrders.operatorId))
    .orderBy(sql`CASE ${gpsOrders.status} WHEN 'PLACED' THEN 0 WHEN 'SCHEDULED' THEN 1 ELSE 2 END`, desc(gpsOrders.createdAt))
    .limit(q.limit);
}

export async function findGpsOrderForAdmin(db: Db, orderId: string) {
  const [row] = await db.select().from(gpsOrders).where(eq(gpsOrders.id, orderId)).limit(1);
  return row;
}

/** Moves an order only from the status it was read in; undefined when someone moved it first. */
export async function moveGpsOrderForAdmin(db: Db, q: { orderId: string; from: string; patch: Partial<typeof gpsOrders.$inferInsert> }) {
  const [row] = await db
    .update(gpsOrders)
    .set({ ...q.patch, updatedAt: new Date() })
    .where(and(eq(gpsOrders.id, q.orderId), eq(gpsOrders.status, q.from as GpsOrderRow['status'])))
    .returning();
  return row;
}
