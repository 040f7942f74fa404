import {
  type ActionWindow,
  type Consignee,
  type Consignment,
  LOAD_TYPES,
  type LoadType,
  OPERATIONS_ERRORS,
  OPERATIONS_MESSAGES,
  type updateConsignmentRequestSchema,
} from '@bhada/contracts/operations/operations';
import { istDateTimeText } from '@bhada/contracts/time';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { asConsignerCode } from '../../../lib/tenancy.ts';
import * as repo from './operations.repository.ts';

/** The staff member acting (the admin kind); kept in the audit history. */
export interface Staff {
  userId: string;
  name: string;
}

/** The event topic the scheduled-vehicles screen follows. */
export const SCHEDULE_TOPIC = 'schedule:all';

/** Docket, invoice and delivery changes stay open until this long after unloading (ADR 131). */
export const ACTION_WINDOW_HOURS = 24;
/** Trip states in which the goods have not been loaded yet: a consignment may still be deleted. */
const NOT_STARTED = new Set(['ASSIGNED', 'REACHED_LOADING', 'CANCELLED']);
const AUDITED = [
  'consignerCode',
  'consigneeId',
  'tripId',
  'laneCode',
  'originCity',
  'destinationCity',
  'loadType',
  'material',
  'weightKg',
  'packages',
  'freightPaisa',
] as const;

export function consigneeOut(row: repo.ConsigneeRow): Consignee {
  return {
    id: row.id,
    name: row.name,
    gstin: row.gstin,
    address: row.address,
    city: row.city,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
  };
}

/** A consignment by its id or code for the desk; a deleted or unknown one is not found. */
export async function consignmentOf(db: Db, by: { id: string } | { code: string }) {
  const row = await repo.findConsignmentForAdmin(db, by);
  if (!row) throw notFound(OPERATIONS_MESSAGES.consignmentNotFound);
  return row;
}

/** Why the consignment may no longer be deleted, or null (ADR 130: money moved, or the goods loaded). */
async function deleteBlockedReason(db: Db, row: repo.ConsignmentRow): Promise<string | null> {
  if ((await repo.countCollected(db, { consignmentId: row.id })) > 0) return OPERATIONS_MESSAGES.deleteMoneyMoved;
  if (row.tripId) {
    const trip = await repo.findTripState(db, { tripId: row.tripId });
    if (trip && !NOT_STARTED.has(trip.state)) return OPERATIONS_MESSAGES.deleteTripStarted;
  }
  const scheduled = await repo.findScheduledForConsignment(db, { consignmentId: row.id });
  if (scheduled && scheduled.state !== 'SCHEDULED' && scheduled.state !== 'REPORTED') return OPERATIONS_MESSAGES.deleteTripStarted;
  return null;
}

/** The action window (ADR 131): open until ACTION_WINDOW_HOURS after the vehicle unloaded. */
export async function actionWindowOf(ctx: Pick<ServiceContext, 'db' | 'clock'>, row: repo.ConsignmentRow): Promise<ActionWindow> {
  const scheduled = await repo.findScheduledForConsignment(ctx.db, { consignmentId: row.id });
  const unloadedAt = row.unloadedAt ?? scheduled?.unloadedAt ?? null;
  if (!unloadedAt) return { allowed: true, closesAt: null, message: null };
  const closesAt = new Date(unloadedAt.getTime() + ACTION_WINDOW_HOURS * 3_600_000);
  const allowed = ctx.clock.now().getTime() < closesAt.getTime();
  return {
    allowed,
    closesAt: closesAt.toISOString(),
    message: allowed ? null : OPERATIONS_MESSAGES.windowClosed(istDateTimeText(closesAt)),
  };
}

export async function assertActionWindow(ctx: Pick<ServiceContext, 'db' | 'clock'>, row: repo.ConsignmentRow) {
  const window = await actionWindowOf(ctx, row);
  if (!window.allowed) throw new AppError(OPERATIONS_ERRORS.ACTION_WINDOW_CLOSED, window.message ?? 'The action window is closed');
}

export async function validateActionTime(ctx: ServiceContext, { cCode }: { cCode: string }) {
  return actionWindowOf(ctx, await consignmentOf(ctx.db, { code: cCode }));
}

export async function consignmentOut(db: Db, row: repo.ConsignmentRow, opts: { history?: boolean } = {}): Promise<Consignment> {
  const [consignerName, operatorName, consignee, history, blocked] = await Promise.all([
    repo.findConsignerName(db, { consignerCode: row.consignerCode }),
    row.operatorId ? repo.findOperatorName(db, { operatorId: row.operatorId }) : Promise.resolve(undefined),
    row.consigneeId ? repo.findConsignee(db, { id: row.consigneeId }) : Promise.resolve(undefined),
    opts.history === false ? Promise.resolve([]) : repo.listAudit(db, { consignmentId: row.id }),
    row.deletedAt ? Promise.resolve(null) : deleteBlockedReason(db, row),
  ]);
  return {
    cId: row.id,
    cCode: row.code,
    tripId: row.tripId,
    consignerCode: row.consignerCode,
    consignerName: consignerName ?? row.consignerCode,
    consignee: consignee ? consigneeOut(consignee) : null,
    operatorId: row.operatorId,
    operatorName: operatorName ?? null,
    laneCode: row.laneCode,
    originCity: row.originCity,
    destinationCity: row.destinationCity,
    loadType: (LOAD_TYPES as readonly string[]).includes(row.loadType) ? (row.loadType as LoadType) : 'FTL',
    material: row.material,
    weightKg: row.weightKg,
    packages: row.packages,
    freightInPaisa: row.freightPaisa,
    status: row.status,
    version: row.version,
    deleted: Boolean(row.deletedAt),
    deleteBlockedReason: blocked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      actorName: h.actorName,
      at: h.createdAt.toISOString(),
      changes: changesOf(h.before, h.after),
    })),
  };
}

function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    const b = before?.[k] ?? null;
    const a = after?.[k] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[k] = [b, a];
  }
  return out;
}

const snapshot = (row: Partial<repo.ConsignmentRow>) => Object.fromEntries(AUDITED.map((k) => [k, row[k] ?? null]));

export async function getConsignment(ctx: ServiceContext, { cId }: { cId: string }) {
  return consignmentOut(ctx.db, await consignmentOf(ctx.db, { id: cId }));
}

export async function listConsignments(ctx: ServiceContext, q: { pageNo: number; pageSize: number; search?: string }) {
  const { rows, total } = await repo.listConsignmentsForAdmin(ctx.db, q);
  return {
    list: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

type UpdateInput = z.output<typeof updateConsignmentRequestSchema>;

async function checkReferences(db: Db, input: UpdateInput) {
  if (!(await repo.findConsignerName(db, { consignerCode: asConsignerCode(input.consignerCode) })))
    throw badRequest('Unknown consigner', 'consignerCode');
  if (input.consigneeId && !(await repo.findConsignee(db, { id: input.consigneeId }))) throw badRequest('Unknown consignee', 'consigneeId');
  if (input.laneCode && !(await repo.findLane(db, { code: input.laneCode }))) throw badRequest('Unknown lane', 'laneCode');
  if (input.tripId) {
    const trip = await repo.findTripState(db, { tripId: input.tripId });
    if (!trip) throw badRequest('Unknown trip', 'tripId');
    if (trip.consignerCode && trip.consignerCode !== input.consignerCode)
      throw badRequest('The trip belongs to another consigner', 'tripId');
    return trip.operatorId;
  }
  return null;
}

/** Creates (no cId) or edits a consignment; every change is written to the audit history. */
export async function updateConsignment(ctx: ServiceContext, { staff, input }: { staff: Staff; input: UpdateInput }) {
  return inTransaction(ctx.db, async (tx) => {
    const operatorId = await checkReferences(tx, input);
    const fields = {
      // the admin's choice of consigner, checked against the consigners by checkReferences above
      consignerCode: asConsignerCode(input.consignerCode),
      consigneeId: input.consigneeId ?? null,
      tripId: input.tripId ?? null,
      laneCode: input.laneCode ?? null,
      originCity: input.originCity,
      destinationCity: input.destinationCity,
      loadType: input.loadType,
      material: input.material,
      weightKg: input.weightKg,
      packages: input.packages,
      freightPaisa: input.freightInPaisa,
    };
    if (!input.cId) {
      const id = newId('CSG');
      const code = `BH${ctx.clock.now().getFullYear() % 100}${newId('', 6)
        .replace(/[^A-Z0-9]/gi, '')
        .toUpperCase()}`;
      const saved = await repo.insertConsignment(tx, { id, code, operatorId, ...fields });
      await scheduleTripVehicle(tx, ctx.clock.now(), saved);
      await repo.insertAudit(tx, {
        consignmentId: id,
        actorId: staff.userId,
        actorName: staff.name,
        action: 'CREATED',
        before: null,
        after: snapshot(saved),
      });
      return consignmentOut(tx, saved);
    }
    const current = await repo.lockConsignmentForAdmin(tx, { id: input.cId });
    if (!current || current.deletedAt) throw notFound(OPERATIONS_MESSAGES.consignmentNotFound);
    if (input.version !== undefined && input.version !== current.version)
      throw new AppError('CONFLICT', OPERATIONS_MESSAGES.consignmentStale);
    const before = snapshot(current);
    const after = snapshot({ ...current, ...fields });
    if (JSON.stringify(before) === JSON.stringify(after)) return consignmentOut(tx, current);
    const saved = await repo.updateConsignment(tx, { id: current.id, set: { ...fields, operatorId: operatorId ?? current.operatorId } });
    await repo.insertAudit(tx, {
      consignmentId: current.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: 'UPDATED',
      before,
      after,
    });
    return consignmentOut(tx, saved);
  });
}

/** A consignment on a trip places the trip's vehicle for loading now, at its last known position. */
async function scheduleTripVehicle(tx: Db, now: Date, row: repo.ConsignmentRow) {
  if (!row.tripId) return;
  const trip = await repo.findTripState(tx, { tripId: row.tripId });
  const vehicle = trip ? await repo.findVehicleBrief(tx, { vehicleId: trip.vehicleId }) : undefined;
  if (!trip || !vehicle) return;
  await repo.insertScheduled(tx, {
    id: newId('SCH'),
    consignmentId: row.id,
    vehicleId: trip.vehicleId,
    vehicleNumber: vehicle.number,
    operatorId: trip.operatorId,
    consignerCode: row.consignerCode,
    laneCode: row.laneCode,
    state: 'SCHEDULED',
    scheduledAt: now,
    eta: new Date(now.getTime() + 36 * 3_600_000),
    lat: vehicle.lat,
    lng: vehicle.lng,
    positionAt: vehicle.lat === null ? null : now,
  });
}

/**
 * Deletes a consignment (a soft delete kept in the history). Refused once money was collected or the
 * goods loaded; deleting one already deleted answers the same (the spec deletes through GET).
 */
export async function deleteConsignment(ctx: ServiceContext, { staff, cId }: { staff: Staff; cId: string }) {
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.lockConsignmentForAdmin(tx, { id: cId });
    if (!row) throw notFound(OPERATIONS_MESSAGES.consignmentNotFound);
    if (row.deletedAt) return { cId: row.id, deleted: true as const };
    const blocked = await deleteBlockedReason(tx, row);
    if (blocked) throw new AppError(OPERATIONS_ERRORS.CONSIGNMENT_LOCKED, blocked);
    await repo.updateConsignment(tx, { id: row.id, set: { deletedAt: ctx.clock.now() } });
    // a vehicle placed for it (not yet loaded: delete is refused after that) is released
    await repo.deleteScheduledForConsignment(tx, { consignmentId: row.id });
    await repo.insertAudit(tx, {
      consignmentId: row.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: 'DELETED',
      before: snapshot(row),
      after: null,
    });
    return { cId: row.id, deleted: true as const };
  });
}

export async function lookups(ctx: ServiceContext) {
  return { lanes: await repo.listLanes(ctx.db) };
}

export const loadTypes = () => ({ loadTypes: LOAD_TYPES.map((code) => ({ code })) });

export async function listConsignees(ctx: ServiceContext) {
  return { consignees: (await repo.listConsignees(ctx.db)).map(consigneeOut) };
}

export async function findConsigneeForConsignment(ctx: ServiceContext, { cCode }: { cCode: string }) {
  const row = await consignmentOf(ctx.db, { code: cCode });
  const consignee = row.consigneeId ? await repo.findConsignee(ctx.db, { id: row.consigneeId }) : undefined;
  if (!consignee) throw notFound(OPERATIONS_MESSAGES.consigneeNotFound);
  return consigneeOut(consignee);
}

/**
 * The driver-side delivery update, recorded by staff: reached, then unloaded, each with its time and
 * remarks. It moves the scheduled vehicle with it, and opens the 24-hour action window on unloading.
 */
export async function driverUpdateConsignment(
  ctx: ServiceContext,
  { staff, input }: { staff: Staff; input: { cCode: string; status: 'REACHED' | 'UNLOADED'; time: string; remarks?: string } },
) {
  const result = await inTransaction(ctx.db, async (tx) => {
    const found = await consignmentOf(tx, { code: input.cCode });
    const row = (await repo.lockConsignmentForAdmin(tx, { id: found.id }))!;
    await assertActionWindow({ db: tx, clock: ctx.clock }, row);
    const at = new Date(input.time);
    if (at.getTime() > ctx.clock.now().getTime() + 5 * 60_000) throw badRequest('The time cannot be in the future', 'time');
    if (input.status === 'UNLOADED' && !row.reachedAt) throw badRequest(OPERATIONS_MESSAGES.deliveryOrder, 'status');
    if (input.status === 'UNLOADED' && row.reachedAt && at < row.reachedAt) throw badRequest('Unloading cannot be before reaching', 'time');
    const set =
      input.status === 'REACHED'
        ? { reachedAt: at, status: 'IN_TRANSIT' as const, deliveryRemarks: input.remarks ?? row.deliveryRemarks }
        : { unloadedAt: at, status: 'DELIVERED' as const, deliveryRemarks: input.remarks ?? row.deliveryRemarks };
    const saved = await repo.updateConsignment(tx, { id: row.id, set });
    await repo.insertAudit(tx, {
      consignmentId: row.id,
      actorId: staff.userId,
      actorName: staff.name,
      action: input.status,
      before: { status: row.status, reachedAt: row.reachedAt, unloadedAt: row.unloadedAt },
      after: { status: saved.status, reachedAt: saved.reachedAt, unloadedAt: saved.unloadedAt, remarks: input.remarks ?? null },
    });
    const scheduled = await repo.findScheduledForConsignment(tx, { consignmentId: row.id });
    if (scheduled) {
      await repo.updateScheduled(tx, {
        id: scheduled.id,
        set: input.status === 'REACHED' ? { state: 'REACHED', reachedAt: at } : { state: 'UNLOADED', unloadedAt: at },
      });
    }
    return { saved: await consignmentOut(tx, saved, { history: false }), scheduledId: scheduled?.id ?? null };
  });
  // the scheduled-vehicles screen follows the desk live (topic schedule:all, ADR 134)
  if (result.scheduledId) {
    await ctx.events
      .publish({ topic: SCHEDULE_TOPIC, type: 'SCHEDULE', data: { id: result.scheduledId, state: input.status } })
      .catch(() => undefined);
  }
  return result.saved;
}
