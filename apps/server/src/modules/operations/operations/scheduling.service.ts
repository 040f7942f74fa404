import {
  OPERATIONS_MESSAGES,
  SCHEDULE_STATES,
  type ScheduledVehicle,
  type ScheduleFilter,
  type ScheduleState,
} from '@bhada/contracts/operations/operations';
import type { ServiceContext } from '../../../lib/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { haversineKm } from '../../../lib/geo.ts';
import { asConsignerCode, asOperatorId } from '../../../lib/tenancy.ts';
import * as repo from './operations.repository.ts';

/**
 * The desk's filters as the repository takes them: a consigner or operator named in a filter only
 * narrows a list the admin may already see in full, so the brand is applied here, once (ADR 086).
 */
function deskFilter<T extends ScheduleFilter>(query: T) {
  return {
    ...query,
    consignerCode: query.consignerCode === undefined ? undefined : asConsignerCode(query.consignerCode),
    operatorId: query.operatorId === undefined ? undefined : asOperatorId(query.operatorId),
  };
}

/**
 * Vehicles scheduled for loading (ADR 134): the list, counts per state, filters, map markers grouped
 * by area, and for one vehicle its path, itinerary and current location (positions from tracking).
 */

const REACHED: ReadonlySet<ScheduleState> = new Set(['REACHED', 'UNLOADED']);
/** how far back a tracking fix still counts as the current location */
const FRESH_POSITION_MS = 6 * 3_600_000;

function isDelayed(s: repo.ScheduledRow, now: Date) {
  if (REACHED.has(s.state)) return Boolean(s.eta && s.reachedAt && s.reachedAt > s.eta);
  if (s.state === 'SCHEDULED' && s.scheduledAt < now) return true;
  return Boolean(s.eta && s.eta < now);
}

export async function listScheduled(ctx: ServiceContext, { query }: { query: ScheduleFilter & { pageNo: number; pageSize: number } }) {
  const now = ctx.clock.now();
  const { rows, total } = await repo.listScheduled(ctx.db, deskFilter(query));
  const list: ScheduledVehicle[] = rows.map((r) => ({
    id: r.s.id,
    cCode: r.cCode,
    vehicleNumber: r.s.vehicleNumber,
    operatorName: r.operatorName,
    consignerName: r.consignerName,
    laneCode: r.s.laneCode,
    originCity: r.originCity,
    destinationCity: r.destinationCity,
    state: r.s.state,
    scheduledAt: r.s.scheduledAt.toISOString(),
    eta: r.s.eta?.toISOString() ?? null,
    lat: r.s.lat,
    lng: r.s.lng,
    positionAt: r.s.positionAt?.toISOString() ?? null,
    delayed: isDelayed(r.s, now),
  }));
  return { list, pageNo: query.pageNo, pageSize: query.pageSize, totalCount: total, totalPages: Math.ceil(total / query.pageSize) };
}

export async function scheduledCounts(ctx: ServiceContext, { query }: { query: ScheduleFilter }) {
  const rows = await repo.countScheduledByState(ctx.db, deskFilter(query));
  const counts = Object.fromEntries(SCHEDULE_STATES.map((s) => [s, 0])) as Record<ScheduleState, number>;
  for (const r of rows) counts[r.state] = r.n;
  return { counts, total: rows.reduce((s, r) => s + r.n, 0) };
}

export async function scheduledFilter(ctx: ServiceContext) {
  const [lanes, options] = await Promise.all([repo.listLanes(ctx.db), repo.scheduleFilterOptions(ctx.db)]);
  return { states: [...SCHEDULE_STATES], lanes, ...options };
}

/** Grid cell size by zoom: about 60 px cells on a web-mercator map, a single vehicle at street level. */
export function cellDegreesFor(zoom: number) {
  return Math.max(0.0005, 360 / 2 ** zoom / 4);
}

export async function mapData(ctx: ServiceContext, { query }: { query: ScheduleFilter & { zoom: number; bbox?: string } }) {
  const cell = cellDegreesFor(query.zoom);
  const b = query.bbox?.split(',').map(Number);
  const bbox = b && b.length === 4 ? { south: b[0]!, west: b[1]!, north: b[2]!, east: b[3]! } : undefined;
  const rows = await repo.aggregateScheduled(ctx.db, { ...deskFilter(query), cell, bbox });
  return {
    clusters: rows.map((r) => ({
      lat: Number(r.lat),
      lng: Number(r.lng),
      count: Number(r.n),
      id: Number(r.n) === 1 ? r.id : null,
      vehicleNumber: Number(r.n) === 1 ? r.vehicleNumber : null,
      state: Number(r.n) === 1 ? (r.state as ScheduleState) : null,
    })),
    total: rows.reduce((s, r) => s + Number(r.n), 0),
    cellDegrees: cell,
  };
}

async function scheduledOf(ctx: ServiceContext, id: string, message: string) {
  const row = await repo.findScheduledForAdmin(ctx.db, { id });
  // the spec's failure text for the call ("Error in fetching itinerary data.", …)
  if (!row) throw notFound(message);
  return row;
}

export async function currentLocation(ctx: ServiceContext, { id }: { id: string }) {
  const { s } = await scheduledOf(ctx, id, OPERATIONS_MESSAGES.locationFailed);
  const now = ctx.clock.now();
  const fix = s.vehicleId
    ? await repo.findLatestPosition(ctx.db, { vehicleId: s.vehicleId, since: new Date(now.getTime() - FRESH_POSITION_MS) })
    : undefined;
  if (fix)
    return {
      id: s.id,
      vehicleNumber: s.vehicleNumber,
      lat: fix.lat,
      lng: fix.lng,
      at: fix.at.toISOString(),
      speedKmph: fix.speedKmph,
      source: 'TRACKING' as const,
    };
  if (s.lat === null || s.lng === null) throw notFound(OPERATIONS_MESSAGES.locationFailed);
  return {
    id: s.id,
    vehicleNumber: s.vehicleNumber,
    lat: s.lat,
    lng: s.lng,
    at: s.positionAt?.toISOString() ?? null,
    speedKmph: null,
    source: 'SCHEDULE' as const,
  };
}

const minutesLate = (planned: Date | null, actual: Date | null, now: Date) => {
  if (!planned) return 0;
  const t = actual ?? now;
  return Math.max(0, Math.round((t.getTime() - planned.getTime()) / 60_000));
};

export async function itinerary(ctx: ServiceContext, { id }: { id: string }) {
  const row = await scheduledOf(ctx, id, OPERATIONS_MESSAGES.itineraryFailed);
  const { s } = row;
  const now = ctx.clock.now();
  const points = row.tripId ? await repo.findTripPoints(ctx.db, { tripId: row.tripId }) : undefined;
  const loading = points?.loading[0];
  const unloading = points?.unloading.at(-1);
  const loadedAt = s.loadedAt ?? null;
  return {
    id: s.id,
    vehicleNumber: s.vehicleNumber,
    state: s.state,
    stops: [
      {
        kind: 'LOADING' as const,
        name: loading?.name ?? `${row.originCity} loading point`,
        city: row.originCity,
        plannedAt: s.scheduledAt.toISOString(),
        actualAt: (s.reportedAt ?? loadedAt)?.toISOString() ?? null,
        delayMinutes: minutesLate(s.scheduledAt, s.reportedAt ?? loadedAt, now),
      },
      {
        kind: 'UNLOADING' as const,
        name: unloading?.name ?? `${row.destinationCity} unloading point`,
        city: row.destinationCity,
        plannedAt: s.eta?.toISOString() ?? null,
        actualAt: s.reachedAt?.toISOString() ?? null,
        delayMinutes: minutesLate(s.eta, s.reachedAt, now),
      },
    ],
  };
}

/** The way the vehicle went since it was scheduled: tracking fixes, or the last known point when there are none. */
export async function pathDetail(ctx: ServiceContext, { id }: { id: string }) {
  const { s } = await scheduledOf(ctx, id, OPERATIONS_MESSAGES.pathFailed);
  const until = s.unloadedAt ?? new Date(ctx.clock.now().getTime() + 60_000);
  const since = new Date(s.scheduledAt.getTime() - 3_600_000);
  const fixes = s.vehicleId ? await repo.listPositions(ctx.db, { vehicleId: s.vehicleId, since, until }) : [];
  const points = fixes.map((p) => ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() }));
  if (!points.length && s.lat !== null && s.lng !== null)
    points.push({ lat: s.lat, lng: s.lng, at: (s.positionAt ?? s.updatedAt).toISOString() });
  let km = 0;
  for (let i = 1; i < points.length; i++) km += haversineKm(points[i - 1]!, points[i]!);
  return { id: s.id, points, distanceKm: Math.round(km * 10) / 10 };
}
