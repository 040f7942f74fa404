import {
  AVERAGE_SPEED_KMPH,
  type OsmandQuery,
  STALE_POSITION_MINUTES,
  STOP_MIN_MINUTES,
  TRACKING_MESSAGES,
  type TripTracking,
} from '@bhada/contracts/trips/tracking';
import { ACTIVE_TRIP_STATES } from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { haversineKm, roadDistanceKm } from '../../../lib/geo.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { EventBus } from '../../../plugins/events.ts';
import { latestPositionOf, recordLatestPositions } from '../../fleet/positions/positions.service.ts';
import * as tripsRepo from '../trips/trips.repository.ts';
import { lanePoint } from './geo.ts';
import * as repo from './tracking.repository.ts';

/**
 * Server-side only (no browser may follow it): positions arrived, each with its vehicle's operator.
 * Screens that show many vehicles (the scheduled-vehicle map, the GPS Dashboard) follow it through
 * their own coalesced topics.
 */
export const POSITIONS_TOPIC = 'positions:all';
export interface ArrivedPosition {
  operatorId: string;
  vehicleId: string;
  lat: number;
  lng: number;
  speedKmph: number | null;
  recordedAt: string;
  tripId: string | null;
}
export interface PositionsArrived {
  count: number;
  positions: ArrivedPosition[];
}
const positionsArrived = (events: EventBus, rows: Array<Omit<ArrivedPosition, 'recordedAt'> & { recordedAt: Date }>) => {
  const positions = rows.map((r) => ({
    operatorId: r.operatorId,
    vehicleId: r.vehicleId,
    lat: r.lat,
    lng: r.lng,
    speedKmph: r.speedKmph,
    recordedAt: r.recordedAt.toISOString(),
    tripId: r.tripId,
  }));
  const data: PositionsArrived = { count: positions.length, positions };
  return events.publish({ topic: POSITIONS_TOPIC, type: 'POSITIONS', data }).catch(() => undefined);
};

/** positions attach to the vehicle's trip while it is on the job */
/** a vehicle's positions belong to its trip while the trip is running */
const TRACKED_STATES = ACTIVE_TRIP_STATES;

export async function registerDevice(db: Db, operatorId: OperatorId, input: { vehicleId: string; label: string }, serverUrl: string) {
  const vehicle = await tripsRepo.findOperatorVehicle(db, { id: input.vehicleId, operatorId });
  if (!vehicle) throw notFound('Vehicle not found');
  const identifier = randomToken(24);
  const id = newId('DEV');
  const createdAt = new Date();
  await repo.insertDevice(db, { id, operatorId, vehicleId: vehicle.id, label: input.label, identifierHash: sha256(identifier), createdAt });
  return {
    deviceId: id,
    vehicleId: vehicle.id,
    label: input.label,
    lastSeenAt: null,
    createdAt: createdAt.toISOString(),
    identifier,
    serverUrl,
  };
}

export async function listDevices(db: Db, operatorId: OperatorId) {
  return (await repo.listDevices(db, { operatorId })).map((d) => ({
    ...d,
    lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  }));
}

export async function revokeDevice(db: Db, operatorId: OperatorId, id: string) {
  if (!(await repo.revokeDevice(db, { id, operatorId }))) throw notFound('Device not found');
  return { ok: true as const };
}

/** OsmAnd sends epoch seconds; some clients send milliseconds or an ISO time. */
export function parseTimestamp(raw: string | undefined, now: Date): Date {
  if (!raw) return now;
  const n = Number(raw);
  const t = Number.isFinite(n) ? new Date(n > 1e12 ? n : n * 1000) : new Date(raw);
  if (Number.isNaN(t.getTime())) return now;
  // a device clock ahead of ours is trusted only up to a few minutes
  return t.getTime() > now.getTime() + 5 * 60_000 ? now : t;
}

/** One position from a device: the `id` is the device's secret; unknown or revoked ids are refused. */
export async function ingest(db: Db, events: EventBus, q: OsmandQuery, now = new Date()) {
  const device = await repo.findDeviceByHash(db, sha256(q.id));
  if (!device || device.revokedAt) throw new AppError('DEVICE_UNAUTHORIZED', TRACKING_MESSAGES.deviceUnknown);
  const trip = await tripsRepo.findRunningTripOfVehicle(db, { vehicleId: device.vehicleId, states: TRACKED_STATES });
  const recordedAt = parseTimestamp(q.timestamp, now);
  // OsmAnd speed is in knots
  const speedKmph = q.speed === undefined ? null : Math.round(q.speed * 1.852 * 10) / 10;
  const row = {
    deviceId: device.id,
    vehicleId: device.vehicleId,
    tripId: trip?.id ?? null,
    lat: q.lat,
    lng: q.lon,
    speedKmph,
    bearing: q.bearing ?? null,
    recordedAt,
  };
  await repo.insertPositions(db, [row]);
  await recordLatestPositions(db, [row]);
  await repo.touchDevice(db, { id: device.id, at: now });
  await positionsArrived(events, [{ ...row, operatorId: device.operatorId }]);
  if (trip) {
    await events
      .publish({
        topic: `trip:${trip.id}`,
        type: 'POSITION',
        data: { tripId: trip.id, lat: q.lat, lng: q.lon, speedKmph, recordedAt: recordedAt.toISOString() },
      })
      .catch(() => undefined);
  }
  return { accepted: true as const, tripId: trip?.id ?? null };
}

/**
 * Positions from the driver's phone (issue 49, ADR 260): the same pipeline as a device's — the positions
 * table, the fleet map's topic and the trip's live topic — with no device, and the trip's tracking source
 * becomes the driver's phone. The caller has checked the link and the trip's window.
 */
export async function ingestPhonePositions(
  db: Db,
  events: EventBus,
  trip: { id: string; operatorId: string; vehicleId: string },
  list: Array<{ lat: number; lng: number; speedKmph: number | null; recordedAt: Date }>,
) {
  const rows = list.map((p) => ({
    deviceId: null,
    vehicleId: trip.vehicleId,
    tripId: trip.id,
    lat: p.lat,
    lng: p.lng,
    speedKmph: p.speedKmph,
    bearing: null,
    recordedAt: p.recordedAt,
  }));
  await repo.insertPositions(db, rows);
  // the phone's positions are the truck's latest, as a device's are: the reached-point check reads them (ADR 270)
  await recordLatestPositions(db, rows);
  await repo.setTrackingSource(db, { tripId: trip.id, source: 'DRIVER_PHONE' });
  await positionsArrived(
    events,
    rows.map((r) => ({ ...r, operatorId: trip.operatorId })),
  );
  const last = [...rows].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime()).at(-1);
  if (last) {
    await events
      .publish({
        topic: `trip:${trip.id}`,
        type: 'POSITION',
        data: {
          tripId: trip.id,
          lat: last.lat,
          lng: last.lng,
          speedKmph: last.speedKmph,
          recordedAt: last.recordedAt.toISOString(),
          source: 'DRIVER_PHONE',
        },
      })
      .catch(() => undefined);
  }
  return { accepted: rows.length };
}

type Trip = NonNullable<Awaited<ReturnType<typeof tripsRepo.findTrip>>>;

/** keeps at most `max` points, always the first and the last */
function thin<T>(list: T[], max: number): T[] {
  if (list.length <= max) return list;
  const step = (list.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => list[Math.round(i * step)] as T);
}

export async function tripTracking(db: Db, trip: Trip, shownState: string | undefined, now = new Date()): Promise<TripTracking> {
  if (shownState && shownState !== trip.state) throw new AppError('CONFLICT', TRACKING_MESSAGES.stale);
  const origin = trip.loadingPoints[0];
  const destination = trip.unloadingPoints.at(-1);
  const list = await repo.listTripPositions(db, trip.id);
  const last = list.at(-1);
  if (!last || !origin || !destination) throw notFound(TRACKING_MESSAGES.noData);

  const stops: TripTracking['stops'] = [];
  let anchor = 0;
  for (let i = 1; i <= list.length; i++) {
    const here = list[i];
    const start = list[anchor]!;
    if (here && haversineKm(start, here) < 0.3) continue;
    const end = list[i - 1]!;
    const minutes = Math.round((end.recordedAt.getTime() - start.recordedAt.getTime()) / 60_000);
    if (minutes >= STOP_MIN_MINUTES) {
      stops.push({ lat: start.lat, lng: start.lng, from: start.recordedAt.toISOString(), to: end.recordedAt.toISOString(), minutes });
    }
    anchor = i;
  }

  // km to go from the vehicle's latest position, by the one distance rule (ADR 270)
  const latest = trip.vehicleId ? await latestPositionOf(db, trip.vehicleId) : null;
  const here = latest?.at && latest.at >= last.recordedAt ? { ...last, lat: latest.lat, lng: latest.lng, recordedAt: latest.at } : last;
  const left = roadDistanceKm(here, destination);
  const moving = ['ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT'].includes(trip.state);
  return {
    tripId: trip.id,
    state: trip.state,
    vehicleNumber: trip.vehicleNumber,
    origin: { name: origin.name, lat: origin.lat, lng: origin.lng },
    destination: { name: destination.name, lat: destination.lat, lng: destination.lng },
    current: { lat: here.lat, lng: here.lng, speedKmph: here.speedKmph, recordedAt: here.recordedAt.toISOString() },
    stale: now.getTime() - here.recordedAt.getTime() > STALE_POSITION_MINUTES * 60_000,
    path: thin(list, 500).map((p) => [p.lat, p.lng] as [number, number]),
    stops,
    distanceLeftKm: left,
    etaMinutes: moving ? Math.round((left / AVERAGE_SPEED_KMPH) * 60) : null,
    source: trip.trackingSource ?? null,
  };
}

/**
 * One tick of the demo simulator: every simulated running trip gets a position. Standing states
 * sit at their point; in transit the truck is as far along the lane as 45 km/h since departure
 * allows.
 */
export async function simulateTick(db: Db, events: EventBus, opts: { includeDeviceless: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  // an assigned demo truck waits at its loading point, so "Reached loading point" passes its check (ADR 270)
  const list = await repo.listSimulatedTrips(
    db,
    ['ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING'],
    opts.includeDeviceless,
  );
  const rows = [];
  for (const t of list) {
    const from = t.loadingPoints[0];
    const to = t.unloadingPoints.at(-1);
    if (!from || !to) continue;
    let fraction = 0;
    let speed = 0;
    if (t.state === 'REACHED_UNLOADING') fraction = 1;
    if (t.state === 'IN_TRANSIT') {
      const since = (await repo.lastEventAt(db, { tripId: t.id, toState: 'IN_TRANSIT' })) ?? now;
      const roadKm = roadDistanceKm(from, to);
      const hours = Math.max(0, now.getTime() - since.getTime()) / 3_600_000;
      // the demo moves faster than life so a journey is visible in minutes; it arrives at the point, where
      // "Reached unloading point" then passes its check (ADR 270)
      fraction = Math.min(1, roadKm > 0 ? (hours * 45 * 4) / roadKm + 0.02 : 1);
      speed = 35 + Math.random() * 25;
    }
    const p = lanePoint(from, to, fraction, t.id);
    rows.push({
      operatorId: t.operatorId,
      deviceId: t.deviceId,
      vehicleId: t.vehicleId,
      tripId: t.id,
      lat: p.lat,
      lng: p.lng,
      speedKmph: Math.round(speed),
      bearing: null,
      recordedAt: now,
    });
  }
  await repo.insertPositions(
    db,
    rows.map(({ operatorId: _, ...r }) => r),
  );
  await recordLatestPositions(db, rows);
  if (rows.length) await positionsArrived(events, rows);
  for (const r of rows) {
    await events
      .publish({
        topic: `trip:${r.tripId}`,
        type: 'POSITION',
        data: { tripId: r.tripId, lat: r.lat, lng: r.lng, speedKmph: r.speedKmph, recordedAt: now.toISOString() },
      })
      .catch(() => undefined);
  }
  return { moved: rows.length };
}

/**
 * The fleet map (issue 12): each of the operator's vehicles that has sent a position, with its last
 * one. The caller decides moving / stopped / offline.
 */
export async function lastPositionsOfFleet(db: Db, operatorId: OperatorId) {
  return repo.lastPositionsOfOperator(db, { operatorId });
}

/** The newest positions of one vehicle (the caller has checked the vehicle is the operator's). */
export async function recentPositionsOfVehicle(db: Db, vehicleId: string, limit = 20) {
  return (await repo.recentVehiclePositions(db, { vehicleId, limit })).map((p) => ({ ...p, recordedAt: p.recordedAt.toISOString() }));
}

/**
 * Demo only (fleet map, issue 12): a simulated tracker on a vehicle with no running trip reports too —
 * local runs around its last place, about one in three moving — so the GPS Dashboard shows live devices.
 */
export async function simulateParkedDevices(db: Db, events: EventBus, opts: { now?: Date; random?: () => number } = {}) {
  const now = opts.now ?? new Date();
  const random = opts.random ?? Math.random;
  const parked = await repo.listParkedSimulatedDevices(db, TRACKED_STATES);
  const rows = [];
  for (const d of parked) {
    if (d.lat === null || d.lng === null) continue;
    const moving = random() < 0.35;
    rows.push({
      operatorId: d.operatorId,
      deviceId: d.deviceId,
      vehicleId: d.vehicleId,
      tripId: null,
      lat: moving ? d.lat + (random() - 0.5) * 0.02 : d.lat,
      lng: moving ? d.lng + (random() - 0.5) * 0.02 : d.lng,
      speedKmph: moving ? 20 + Math.round(random() * 30) : 0,
      bearing: null,
      recordedAt: now,
    });
  }
  await repo.insertPositions(
    db,
    rows.map(({ operatorId: _, ...r }) => r),
  );
  await recordLatestPositions(db, rows);
  for (const r of rows) await repo.touchDevice(db, { id: r.deviceId, at: now });
  if (rows.length) await positionsArrived(events, rows);
  return { moved: rows.length };
}
