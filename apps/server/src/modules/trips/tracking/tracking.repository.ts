import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { positions, trackingDevices, tripEvents, trips } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export const findDeviceByHash = (db: Db, identifierHash: string) =>
  db.query.trackingDevices.findFirst({
    columns: { id: true, operatorId: true, vehicleId: true, revokedAt: true },
    where: eq(trackingDevices.identifierHash, identifierHash),
  });

export async function insertDevice(db: Db, row: typeof trackingDevices.$inferInsert) {
  await db.insert(trackingDevices).values(row);
}

export async function listDevices(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({
      deviceId: trackingDevices.id,
      vehicleId: trackingDevices.vehicleId,
      label: trackingDevices.label,
      lastSeenAt: trackingDevices.lastSeenAt,
      createdAt: trackingDevices.createdAt,
    })
    .from(trackingDevices)
    .where(and(eq(trackingDevices.operatorId, operatorId), isNull(trackingDevices.revokedAt)))
    .orderBy(desc(trackingDevices.createdAt));
}

export async function revokeDevice(db: Db, scope: { id: string; operatorId: OperatorId }) {
  const rows = await db
    .update(trackingDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(trackingDevices.id, scope.id), eq(trackingDevices.operatorId, scope.operatorId), isNull(trackingDevices.revokedAt)))
    .returning({ id: trackingDevices.id });
  return rows.length > 0;
}

/** written at most once a minute per device, not on every position */
export async function touchDevice(db: Db, { id, at }: { id: string; at: Date }) {
  await db
    .update(trackingDevices)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(trackingDevices.id, id),
        or(isNull(trackingDevices.lastSeenAt), lt(trackingDevices.lastSeenAt, new Date(at.getTime() - 60_000))),
      ),
    );
}

export async function insertPositions(db: Db, rows: Array<typeof positions.$inferInsert>) {
  if (rows.length) await db.insert(positions).values(rows);
}

/** The trip's positions now come from this source (the simulator leaves such a trip alone). */
export async function setTrackingSource(db: Db, { tripId, source }: { tripId: string; source: 'DRIVER_PHONE' }) {
  await db
    .update(trips)
    .set({ trackingSource: source })
    .where(and(eq(trips.id, tripId), sql`${trips.trackingSource} IS DISTINCT FROM ${source}`));
}

export async function listTripPositions(db: Db, tripId: string) {
  return db
    .select({ lat: positions.lat, lng: positions.lng, speedKmph: positions.speedKmph, recordedAt: positions.recordedAt })
    .from(positions)
    .where(eq(positions.tripId, tripId))
    .orderBy(asc(positions.recordedAt));
}

/** trips the simulator drives: running, with a simulated device or (demo mode) no real device */
export async function listSimulatedTrips(db: Db, states: readonly string[], includeDeviceless: boolean) {
  const simulated = sql`EXISTS (SELECT 1 FROM tracking_devices d WHERE d.vehicle_id = ${trips.vehicleId} AND d.simulated AND d.revoked_at IS NULL)`;
  const deviceless = sql`NOT EXISTS (SELECT 1 FROM tracking_devices d WHERE d.vehicle_id = ${trips.vehicleId} AND d.revoked_at IS NULL)`;
  return db
    .select({
      id: trips.id,
      operatorId: trips.operatorId,
      vehicleId: trips.vehicleId,
      state: trips.state,
      loadingPoints: trips.loadingPoints,
      unloadingPoints: trips.unloadingPoints,
      deviceId: sql<
        string | null
      >`(SELECT d.id FROM tracking_devices d WHERE d.vehicle_id = ${trips.vehicleId} AND d.simulated AND d.revoked_at IS NULL LIMIT 1)`,
    })
    .from(trips)
    .where(
      and(
        inArray(trips.state, [...states]),
        includeDeviceless ? or(simulated, deviceless) : simulated,
        // a trip the driver's phone reports for is never simulated over (ADR 260)
        isNull(trips.trackingSource),
      ),
    )
    .limit(500);
}

export async function lastEventAt(db: Db, { tripId, toState }: { tripId: string; toState: string }) {
  const [row] = await db
    .select({ at: tripEvents.createdAt })
    .from(tripEvents)
    .where(and(eq(tripEvents.tripId, tripId), eq(tripEvents.toState, toState)))
    .orderBy(desc(tripEvents.id))
    .limit(1);
  return row?.at;
}

// fleet map (issue 12): the last position of each of an operator's vehicles, one index probe per vehicle
export async function lastPositionsOfOperator(db: Db, scope: { operatorId: OperatorId }) {
  const result = (await db.execute(sql`
    SELECT v.id AS "vehicleId", p.lat, p.lng, p.speed_kmph AS "speedKmph", p.recorded_at AS "recordedAt", p.trip_id AS "tripId"
    FROM vehicles v
    JOIN LATERAL (
      SELECT lat, lng, speed_kmph, recorded_at, trip_id FROM positions WHERE vehicle_id = v.id ORDER BY recorded_at DESC LIMIT 1
    ) p ON true
    WHERE v.operator_id = ${scope.operatorId}
  `)) as unknown as {
    rows: Array<{
      vehicleId: string;
      lat: number;
      lng: number;
      speedKmph: number | null;
      recordedAt: Date | string;
      tripId: string | null;
    }>;
  };
  return result.rows.map((r) => ({ ...r, recordedAt: new Date(r.recordedAt) }));
}

export async function recentVehiclePositions(db: Db, { vehicleId, limit }: { vehicleId: string; limit: number }) {
  return db
    .select({ lat: positions.lat, lng: positions.lng, speedKmph: positions.speedKmph, recordedAt: positions.recordedAt })
    .from(positions)
    .where(eq(positions.vehicleId, vehicleId))
    .orderBy(desc(positions.recordedAt))
    .limit(limit);
}

/** simulated devices whose vehicle is on no running trip, with where the vehicle was last seen */
export async function listParkedSimulatedDevices(db: Db, states: readonly string[]) {
  const result = (await db.execute(sql`
    SELECT d.id AS "deviceId", d.operator_id AS "operatorId", d.vehicle_id AS "vehicleId",
      coalesce(p.lat, v.current_lat) AS lat, coalesce(p.lng, v.current_lng) AS lng
    FROM tracking_devices d
    JOIN vehicles v ON v.id = d.vehicle_id
    LEFT JOIN LATERAL (SELECT lat, lng FROM positions WHERE vehicle_id = d.vehicle_id ORDER BY recorded_at DESC LIMIT 1) p ON true
    WHERE d.simulated AND d.revoked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM trips t WHERE t.vehicle_id = d.vehicle_id AND t.state IN (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )}))
    LIMIT 500
  `)) as unknown as { rows: Array<{ deviceId: string; operatorId: string; vehicleId: string; lat: number | null; lng: number | null }> };
  return result.rows;
}
