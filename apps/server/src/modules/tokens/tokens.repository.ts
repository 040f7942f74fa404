import { VEHICLE_BUSY_STATES } from '@bhada/contracts/trips';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demandTokens, drivers, trips, vehicles } from '../../db/schema/index.ts';
import type { TripPoint } from '../../db/schema/trips-core.ts';

export type TokenRow = typeof demandTokens.$inferSelect;

export async function findToken(db: Db, demandId: string, operatorId: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(demandTokens)
    .where(and(eq(demandTokens.demandId, demandId), eq(demandTokens.operatorId, operatorId)))
    .limit(1);
  return row;
}

/** The load's one token: a new winner's draft replaces an earlier winner's unpaid one. */
export async function upsertDraft(
  db: Db,
  row: {
    id: string;
    demandId: string;
    operatorId: string;
    amountPaisa: number;
    vehicleId?: string;
    driverName?: string;
    driverPhone?: string;
    status: 'DRAFT' | 'INITIATED';
  },
) {
  const [saved] = await db
    .insert(demandTokens)
    .values(row)
    .onConflictDoUpdate({
      target: demandTokens.demandId,
      set: {
        operatorId: row.operatorId,
        amountPaisa: row.amountPaisa,
        status: row.status,
        ...(row.vehicleId ? { vehicleId: row.vehicleId, driverName: row.driverName, driverPhone: row.driverPhone } : {}),
        updatedAt: new Date(),
      },
      // a paid or cancelled token is never overwritten
      setWhere: sql`${demandTokens.status} IN ('DRAFT', 'INITIATED')`,
    })
    .returning();
  return saved;
}

export async function updateToken(db: Db, id: string, patch: Partial<typeof demandTokens.$inferInsert>) {
  const [row] = await db
    .update(demandTokens)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(demandTokens.id, id))
    .returning();
  return row!;
}

export async function listOperatorVehicles(db: Db, operatorId: string) {
  return db
    .select({
      id: vehicles.id,
      number: vehicles.number,
      vehicleType: vehicles.vehicleType,
      bodyType: vehicles.bodyType,
      tyreCount: vehicles.tyreCount,
      tonnage: vehicles.tonnage,
      sizeInFeet: vehicles.sizeInFeet,
      status: vehicles.status,
      lat: vehicles.currentLat,
      lng: vehicles.currentLng,
      currentCity: vehicles.currentCity,
    })
    .from(vehicles)
    .where(eq(vehicles.operatorId, operatorId))
    .orderBy(asc(vehicles.number));
}

export async function findVehicle(db: Db, operatorId: string, vehicleId: string) {
  const all = await db
    .select({
      id: vehicles.id,
      number: vehicles.number,
      vehicleType: vehicles.vehicleType,
      bodyType: vehicles.bodyType,
      tyreCount: vehicles.tyreCount,
      tonnage: vehicles.tonnage,
      sizeInFeet: vehicles.sizeInFeet,
      status: vehicles.status,
      lat: vehicles.currentLat,
      lng: vehicles.currentLng,
      currentCity: vehicles.currentCity,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.operatorId, operatorId)))
    .limit(1);
  return all[0];
}

/** Vehicles of the operator on a trip that holds them (VEHICLE_BUSY_STATES). */
export async function busyVehicleIds(db: Db, operatorId: string): Promise<Set<string>> {
  const rows = await db
    .select({ vehicleId: trips.vehicleId })
    .from(trips)
    .where(and(eq(trips.operatorId, operatorId), inArray(trips.state, [...VEHICLE_BUSY_STATES])));
  return new Set(rows.map((r) => r.vehicleId));
}

export async function listDrivers(db: Db, operatorId: string) {
  return db
    .select({ id: drivers.id, name: drivers.name, phone: drivers.phone })
    .from(drivers)
    .where(eq(drivers.operatorId, operatorId))
    .orderBy(asc(drivers.name));
}

/** A new driver typed on the token screen joins the operator's phonebook. */
export async function rememberDriver(db: Db, row: { id: string; operatorId: string; name: string; phone: string }) {
  await db.insert(drivers).values(row).onConflictDoNothing();
}

export async function insertTrip(
  db: Db,
  row: {
    id: string;
    demandId: string;
    operatorId: string;
    consignerCode: string;
    vehicleId: string;
    driverName: string;
    driverPhone: string;
    originCity: string;
    destinationCity: string;
    loadingPoints: TripPoint[];
    unloadingPoints: TripPoint[];
    agreedPricePaisa: number;
    tokenAmountPaisa: number;
  },
) {
  await db.insert(trips).values({ ...row, state: 'ASSIGNED' });
}
