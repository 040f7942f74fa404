import {
  DOCUMENT_DUE_DAYS,
  MAINTENANCE_DUE_DAYS,
  MAINTENANCE_DUE_KM,
  MAINTENANCE_MESSAGES,
  type MaintenanceDoneRequest,
  type MaintenanceFlag,
  type MaintenanceKind,
  type MaintenanceReminder,
  type MaintenanceReminderRequest,
  type MaintenanceVehicle,
} from '@bhada/contracts/fleet/fleet';
import { istWallClock } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './maintenance.repository.ts';
import { ownVehicle } from './vehicles.service.ts';

/** today's date in India, YYYY-MM-DD */
export const indiaToday = (now = new Date()) => istWallClock(now).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const worst = (a: MaintenanceFlag, b: MaintenanceFlag): MaintenanceFlag =>
  a === 'OVERDUE' || b === 'OVERDUE' ? 'OVERDUE' : a === 'DUE' || b === 'DUE' ? 'DUE' : 'OK';

/** a date against today: past → OVERDUE, within `dueDays` → DUE */
export function dateFlag(date: string, today: string, dueDays: number): MaintenanceFlag {
  if (date < today) return 'OVERDUE';
  return date <= addDays(today, dueDays) ? 'DUE' : 'OK';
}

export function reminderFlag(r: repo.ReminderRow, today: string): MaintenanceFlag {
  if (r.status === 'DONE') return 'OK';
  let flag: MaintenanceFlag = r.dueOn ? dateFlag(r.dueOn, today, MAINTENANCE_DUE_DAYS) : 'OK';
  if (r.dueOdometerKm != null && r.odometerKm != null) {
    const byKm: MaintenanceFlag =
      r.odometerKm >= r.dueOdometerKm ? 'OVERDUE' : r.odometerKm >= r.dueOdometerKm - MAINTENANCE_DUE_KM ? 'DUE' : 'OK';
    flag = worst(flag, byKm);
  }
  return flag;
}

const toReminder = (r: repo.ReminderRow, vehicleNumber: string, today: string): MaintenanceReminder => ({
  reminderId: r.id,
  vehicleId: r.vehicleId,
  vehicleNumber,
  kind: r.kind as MaintenanceKind,
  note: r.note,
  dueOn: r.dueOn,
  dueOdometerKm: r.dueOdometerKm,
  odometerKm: r.odometerKm,
  status: r.status,
  flag: reminderFlag(r, today),
  doneOn: r.doneOn,
  doneNote: r.doneNote,
  costPaisa: r.costPaisa == null ? null : Number(r.costPaisa),
});

/** every vehicle of the operator with its document expiries and service reminders */
export async function overview(ctx: ServiceContext, input: { operatorId: OperatorId; now?: Date }): Promise<MaintenanceVehicle[]> {
  const today = indiaToday(input.now);
  const [fleet, docs, reminders] = await Promise.all([
    repo.listVehicles(ctx.db, input),
    repo.listExpiringDocuments(ctx.db, input),
    repo.listReminders(ctx.db, input),
  ]);
  return fleet.map((v) => ({
    vehicleId: v.id,
    vehicleNumber: v.number,
    documents: docs
      .filter((d) => d.vehicleId === v.id && d.expiresOn)
      .map((d) => ({
        documentId: d.id,
        docType: d.docType,
        expiresOn: d.expiresOn as string,
        status: d.status,
        flag: dateFlag(d.expiresOn as string, today, DOCUMENT_DUE_DAYS),
      })),
    reminders: reminders.filter((r) => r.vehicleId === v.id).map((r) => toReminder(r, v.number, today)),
  }));
}

export async function addReminder(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; userId: string; reminder: MaintenanceReminderRequest },
): Promise<MaintenanceReminder> {
  const r = input.reminder;
  const vehicle = await ownVehicle(ctx, { operatorId: input.operatorId, vehicleId: r.vehicleId });
  const saved = await repo.insertReminder(ctx.db, {
    id: newId('MNT'),
    operatorId: input.operatorId,
    vehicleId: vehicle.id,
    kind: r.kind,
    note: r.note || null,
    dueOn: r.dueOn ?? null,
    dueOdometerKm: r.dueOdometerKm ?? null,
    odometerKm: r.odometerKm ?? null,
    createdBy: input.userId,
  });
  if (!saved) throw new Error('reminder not stored');
  return toReminder(saved, vehicle.number, indiaToday());
}

export async function markDone(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; userId: string; reminderId: string; done: MaintenanceDoneRequest },
): Promise<MaintenanceReminder> {
  const current = await repo.findReminder(ctx.db, input);
  if (!current) throw notFound(MAINTENANCE_MESSAGES.reminderNotFound);
  const today = indiaToday();
  if (input.done.doneOn > today) throw badRequest(MAINTENANCE_MESSAGES.doneInFuture, 'doneOn');
  const saved = await repo.markDone(ctx.db, {
    operatorId: input.operatorId,
    reminderId: input.reminderId,
    patch: {
      doneOn: input.done.doneOn,
      doneNote: input.done.note || null,
      costPaisa: input.done.costPaisa,
      odometerKm: input.done.odometerKm ?? current.odometerKm,
      doneBy: input.userId,
    },
  });
  if (!saved) throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.alreadyDone);
  const vehicle = await ownVehicle(ctx, { operatorId: input.operatorId, vehicleId: saved.vehicleId });
  return toReminder(saved, vehicle.number, today);
}
