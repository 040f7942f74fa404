import { DRIVER_BUSY_STATES, VEHICLE_BUSY_STATES } from '@bhada/contracts/trips/trips';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { demandTokens, drivers, trips, vehicles } from '../../../db/schema/index.ts';
import type { TripPoint } from '../../../db/schema/trips-core.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

export type TokenRow = typeof demandTokens.$inferSelect;

/** The token of a load won by this operator. */
export async function findToken(
  db: Db,
  { demandId, operatorId }: { demandId: string; operatorId: OperatorId },
): Promise<TokenRow | undefined> {
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
    operatorId: OperatorId;
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

/** A token found through `findToken` (so already the operator's), by its id. */
export async function updateToken(db: Db, { tokenId, set }: { tokenId: string; set: Partial<typeof demandTokens.$inferInsert> }) {
  const [row] = await db
    .update(demandTokens)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(demandTokens.id, tokenId))
    .returning();
  return row!;
}

/** The vehicle fields the token flow shows, one query for the list and for one vehicle. */
function selectVehicles(db: Db, operatorId: OperatorId, vehicleId?: string) {
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
    .where(and(eq(vehicles.operatorId, operatorId), vehicleId === undefined ? undefined : eq(vehicles.id, vehicleId)))
    .orderBy(asc(vehicles.number));
}

export async function listOperatorVehicles(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return selectVehicles(db, operatorId);
}

export async function findVehicle(db: Db, { operatorId, vehicleId }: { operatorId: OperatorId; vehicleId: string }) {
  const [row] = await selectVehicles(db, operatorId, vehicleId).limit(1);
  return row;
}

/** Vehicles of the operator on a trip that holds them (VEHICLE_BUSY_STATES). */
export async function busyVehicleIds(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<Set<string>> {
  const rows = await db
    .select({ vehicleId: trips.vehicleId })
    .from(trips)
    .where(and(eq(trips.operatorId, operatorId), inArray(trips.state, [...VEHICLE_BUSY_STATES])));
  return new Set(rows.map((r) => r.vehicleId));
}

/** The operator's drivers on an unfinished trip (DRIVER_BUSY_STATES), by phone, with that trip's id. */
export async function busyDriverTrips(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<Map<string, string>> {
  const rows = await db
    .select({ phone: trips.driverPhone, tripId: trips.id })
    .from(trips)
    .where(and(eq(trips.operatorId, operatorId), inArray(trips.state, [...DRIVER_BUSY_STATES])));
  return new Map(rows.map((r) => [r.phone, r.tripId]));
}

/** The operator's vehicles on an unfinished trip, with that trip's id (the picker shows it). */
export async function busyVehicleTrips(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<Map<string, string>> {
  const rows = await db
    .select({ vehicleId: trips.vehicleId, tripId: trips.id })
    .from(trips)
    .where(and(eq(trips.operatorId, operatorId), inArray(trips.state, [...VEHICLE_BUSY_STATES])));
  return new Map(rows.map((r) => [r.vehicleId, r.tripId]));
}

export async function listDrivers(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({ id: drivers.id, name: drivers.name, phone: drivers.phone })
    .from(drivers)
    .where(eq(drivers.operatorId, operatorId))
    .orderBy(asc(drivers.name));
}

/** A new driver typed on the token screen joins the operator's phonebook. */
export async function rememberDriver(db: Db, row: { id: string; operatorId: OperatorId; name: string; phone: string }) {
  await db.insert(drivers).values(row).onConflictDoNothing();
}

export async function insertTrip(
  db: Db,
  row: {
    id: string;
    demandId: string;
    operatorId: OperatorId;
    consignerCode: ConsignerCode;
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
