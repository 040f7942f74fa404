import { type ChargeRequest, EXPENSE_POLICIES, TRIPS_MESSAGES, type TripState } from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { Actor } from '../../../plugins/auth.ts';
import * as fileRepo from './trip-files.repository.ts';
import { acceptFiles, issueUpload } from './trip-files.ts';
import { stageMismatch } from './trip-state.ts';
import * as repo from './trips.repository.ts';

import type { Trip, TripDeps } from './trips.service.ts';
import { chargeOut, detail } from './trips.service.ts';

// ---------- charges and policy ----------

const CLAIMABLE: readonly TripState[] = ['LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING', 'UNLOADED', 'POD_SUBMITTED', 'POD_REJECTED'];

export function expensePolicy(type: keyof typeof EXPENSE_POLICIES) {
  return { type, ...EXPENSE_POLICIES[type] };
}

export async function expenses(db: Db, trip: Trip) {
  const list = (await repo.listCharges(db, trip.id)).map(chargeOut);
  const sum = (pick: (c: (typeof list)[number]) => number) => list.reduce((s, c) => s + pick(c), 0);
  return {
    tripId: trip.id,
    expenses: list,
    summary: {
      claimedInPaisa: sum((c) => c.amountInPaisa),
      approvedInPaisa: sum((c) => (c.status === 'APPROVED' || c.status === 'PAID' ? (c.approvedAmountInPaisa ?? 0) : 0)),
      paidInPaisa: sum((c) => (c.status === 'PAID' ? (c.approvedAmountInPaisa ?? 0) : 0)),
      rejectedInPaisa: sum((c) => (c.status === 'REJECTED' ? c.amountInPaisa : 0)),
    },
  };
}

export async function claimCharge(deps: TripDeps, trip: Trip, input: ChargeRequest) {
  if (!CLAIMABLE.includes(trip.state as TripState)) throw stageMismatch(trip.state, 'LOADED');
  if (input.amountInPaisa > EXPENSE_POLICIES[input.type].maxInPaisa) {
    throw new AppError('VALIDATION_FAILED', 'Invalid amount: above the policy limit for this charge', { field: 'amountInPaisa' });
  }
  await acceptFiles(deps, trip.id, input.documentKeys, 'CHARGE_DOCUMENT');
  if (input.tripExpenseId) {
    const existing = await repo.findCharge(deps.db, { id: input.tripExpenseId, tripId: trip.id });
    if (!existing) throw notFound('Expense not found');
    const changed = await repo.updateOpenCharge(deps.db, {
      id: existing.id,
      set: {
        type: input.type,
        amountPaisa: input.amountInPaisa,
        description: input.description,
        documentKeys: input.documentKeys,
      },
    });
    if (!changed) throw new AppError('CHARGE_NOT_EDITABLE', TRIPS_MESSAGES.chargeNotEditable);
    return { tripExpenseId: existing.id };
  }
  const id = newId('TEX');
  await repo.insertCharge(deps.db, {
    id,
    tripId: trip.id,
    type: input.type,
    amountPaisa: input.amountInPaisa,
    description: input.description,
    documentKeys: input.documentKeys,
  });
  return { tripExpenseId: id };
}

export async function decideCharge(
  db: Db,
  trip: Trip,
  chargeId: string,
  input: { approve: boolean; approvedAmountInPaisa?: number; reason?: string },
) {
  const charge = await repo.findCharge(db, { id: chargeId, tripId: trip.id });
  if (!charge) throw notFound('Expense not found');
  if (trip.state === 'COMPLETED' || trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'POD_VERIFIED');
  const approved = input.approve ? Math.min(input.approvedAmountInPaisa ?? charge.amountPaisa, charge.amountPaisa) : null;
  const ok = await repo.updateOpenCharge(db, {
    id: charge.id,
    set: {
      status: input.approve ? 'APPROVED' : 'REJECTED',
      approvedPaisa: approved,
      decisionReason: input.reason ?? null,
    },
  });
  if (!ok) throw new AppError('CHARGE_NOT_EDITABLE', TRIPS_MESSAGES.chargeNotEditable);
  return { tripExpenseId: charge.id };
}

// ---------- invoice ----------

export async function invoiceUploadUrl(deps: TripDeps, actor: Actor, trip: Trip, file: string) {
  if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'UNLOADED');
  const issued = await issueUpload(deps, { tripId: trip.id, fileName: file, docType: 'INVOICE', createdBy: actor.userId });
  return { url: issued.url, filePath: issued.resourceKey, expiresInSeconds: issued.expiresInSeconds, maxBytes: issued.maxBytes };
}

export async function updateInvoice(
  deps: TripDeps,
  trip: Trip,
  input: { filePath: string; invoiceNumber?: string; amountInPaisa?: number },
) {
  if (trip.state === 'CANCELLED') throw stageMismatch(trip.state, 'UNLOADED');
  await acceptFiles(deps, trip.id, [input.filePath], 'INVOICE');
  const previous = await repo.findInvoice(deps.db, trip.id);
  await repo.upsertInvoice(deps.db, {
    tripId: trip.id,
    fileKey: input.filePath,
    invoiceNumber: input.invoiceNumber ?? null,
    amountPaisa: input.amountInPaisa ?? null,
  });
  if (previous && previous.fileKey !== input.filePath) await dropFile(deps, trip.id, previous.fileKey);
  return (await detail(deps.db, trip)).invoice ?? null;
}

async function dropFile(deps: TripDeps, tripId: string, key: string) {
  const file = await fileRepo.findFile(deps.db, { resourceKey: key, tripId });
  if (!file) return;
  await fileRepo.setFileStatus(deps.db, { ids: [file.id], status: 'REMOVED' });
  if (file.hasFile) await deps.storage.remove(key).catch(() => undefined);
}

export async function deleteInvoice(deps: TripDeps, trip: Trip) {
  const invoice = await repo.findInvoice(deps.db, trip.id);
  if (!invoice) throw notFound('No invoice on this trip');
  await repo.deleteInvoice(deps.db, trip.id);
  await dropFile(deps, trip.id, invoice.fileKey);
  return { ok: true as const };
}

export async function invoiceViewUrl(deps: TripDeps, trip: Trip, filePath: string) {
  const file = await fileRepo.findFile(deps.db, { resourceKey: filePath, tripId: trip.id });
  if (file?.docType !== 'INVOICE' || ['REMOVED', 'REJECTED', 'PENDING'].includes(file.status)) {
    throw notFound(TRIPS_MESSAGES.invoiceGetError);
  }
  if (!file.hasFile) throw notFound('Only a paper copy of this invoice exists');
  return { url: await deps.storage.viewUrl(file.resourceKey, 900) };
}
