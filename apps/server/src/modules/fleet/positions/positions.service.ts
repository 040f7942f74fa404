import type { Db } from '../../../db/client.ts';
import { haversineKm } from '../../../lib/geo.ts';
import * as repo from './positions.repository.ts';

/**
 * One truth for where a truck is (issue 48 §4, ADR 270). Every position the tracking source sends (a GPS
 * device, the simulator, later the driver's phone) is written through to the vehicle row, so the vehicle's
 * `current_lat/lng` with `position_at` is its latest position, and every screen reads it through
 * `latestPositionOf` / `latestPositionsOf`: the consigner's vehicles, the load card's nearest vehicle, the
 * token page's fitting trucks, tracking's "km to go" and the reached-point stage checks.
 */
export interface LatestPosition {
  lat: number;
  lng: number;
  /** when the tracking source recorded it; null for the place given when the vehicle was registered */
  at: Date | null;
}

/** A place name kept only while the truck is within this many km of where it was named. */
const CITY_KEEP_KM = 50;

export async function latestPositionsOf(db: Db, vehicleIds: readonly string[]): Promise<Map<string, LatestPosition>> {
  const found = new Map<string, LatestPosition>();
  if (!vehicleIds.length) return found;
  const rows = await repo.vehiclePositions(db, vehicleIds);
  for (const r of rows) if (r.lat !== null && r.lng !== null) found.set(r.id, { lat: r.lat, lng: r.lng, at: r.at });
  return found;
}

export async function latestPositionOf(db: Db, vehicleId: string): Promise<LatestPosition | null> {
  return (await latestPositionsOf(db, [vehicleId])).get(vehicleId) ?? null;
}

/** A position that may stand for "the truck is here now": tracked, and not older than `maxAgeMinutes`. */
export const isLive = (p: LatestPosition | null, now: Date, maxAgeMinutes: number): p is LatestPosition & { at: Date } =>
  p?.at != null && now.getTime() - p.at.getTime() <= maxAgeMinutes * 60_000;

/**
 * Writes arrived positions through to their vehicles: the newest one per vehicle, never an older one over a
 * newer. The place name follows: the trip's point city when the truck is within 50 km of that point, the old
 * name while the truck stays within 50 km of where it was, otherwise none (no "near Kolkata" for a truck in
 * Ahmedabad).
 */
export async function recordLatestPositions(
  db: Db,
  rows: ReadonlyArray<{ vehicleId: string; tripId: string | null; lat: number; lng: number; recordedAt: Date }>,
) {
  const newest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const seen = newest.get(r.vehicleId);
    if (!seen || seen.recordedAt <= r.recordedAt) newest.set(r.vehicleId, r);
  }
  if (!newest.size) return;
  const ids = [...newest.keys()];
  const before = await repo.vehiclePositions(db, ids);
  const tripIds = [...new Set([...newest.values()].map((r) => r.tripId).filter((t): t is string => t !== null))];
  const tripRows = await repo.tripEnds(db, tripIds);
  const tripById = new Map(tripRows.map((t) => [t.id, t]));
  const beforeById = new Map(before.map((b) => [b.id, b]));
  for (const r of newest.values()) {
    const old = beforeById.get(r.vehicleId);
    const trip = r.tripId ? tripById.get(r.tripId) : undefined;
    let city: string | null = null;
    const named = trip
      ? [
          { city: trip.originCity, at: trip.loadingPoints[0] },
          { city: trip.destinationCity, at: trip.unloadingPoints.at(-1) },
        ].find((c) => c.at && haversineKm(c.at, r) <= CITY_KEEP_KM)
      : undefined;
    if (named) city = named.city;
    else if (old?.city && old.lat !== null && old.lng !== null && haversineKm({ lat: old.lat, lng: old.lng }, r) <= CITY_KEEP_KM)
      city = old.city;
    await repo.setVehiclePosition(db, { vehicleId: r.vehicleId, lat: r.lat, lng: r.lng, recordedAt: r.recordedAt, city });
  }
}
