import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { trips, vehicles } from '../../../db/schema/index.ts';

/** The vehicle rows' latest positions and place names (ADR 270). */
export async function vehiclePositions(db: Db, vehicleIds: readonly string[]) {
  return db
    .select({ id: vehicles.id, lat: vehicles.currentLat, lng: vehicles.currentLng, at: vehicles.positionAt, city: vehicles.currentCity })
    .from(vehicles)
    .where(inArray(vehicles.id, [...vehicleIds]));
}

/** The trips' end points and cities, to name where an arrived position is. */
export async function tripEnds(db: Db, tripIds: readonly string[]) {
  if (!tripIds.length) return [];
  return db
    .select({
      id: trips.id,
      originCity: trips.originCity,
      destinationCity: trips.destinationCity,
      loadingPoints: trips.loadingPoints,
      unloadingPoints: trips.unloadingPoints,
    })
    .from(trips)
    .where(inArray(trips.id, [...tripIds]));
}

/** Moves the vehicle to a position unless the row already holds a newer one. */
export async function setVehiclePosition(
  db: Db,
  p: { vehicleId: string; lat: number; lng: number; recordedAt: Date; city: string | null },
) {
  await db
    .update(vehicles)
    .set({ currentLat: p.lat, currentLng: p.lng, positionAt: p.recordedAt, currentCity: p.city })
    .where(and(eq(vehicles.id, p.vehicleId), or(isNull(vehicles.positionAt), lte(vehicles.positionAt, p.recordedAt))));
}
