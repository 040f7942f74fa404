import {
  EXPIRING_DOC_TYPES,
  EXPIRY_WARNING_DAYS,
  FLEET_MESSAGES,
  formatVehicleNumber,
  type VehicleDocType,
} from '@bhada/contracts/fleet/fleet';
import { istDay } from '@bhada/contracts/time';
import { extensionOf, FILE_KINDS, MAX_FILE_BYTES, POD_MESSAGES, UPLOAD_URL_TTL_SECONDS } from '@bhada/contracts/trips/pod';
import type { ServiceContext } from '../../../lib/context.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { SNIFF_BYTES, sniff } from '../../../lib/file-check.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './vehicles.repository.ts';
import { ownVehicle, toDocument } from './vehicles.service.ts';

const VIEW_TTL_SECONDS = 900;
/** uploads issued and not yet attached, per operator */
const MAX_UNATTACHED_FILES = 40;
const DAY_MS = 86_400_000;
const RC_SIDES: readonly string[] = ['RC_FRONT', 'RC_BACK'];

/** India's calendar date of an instant (YYYY-MM-DD). */

async function issue(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; vehicleId: string | null; docType: string; fileName: string; userId: string },
) {
  const ext = extensionOf(input.fileName);
  const contentType = FILE_KINDS[ext];
  if (!contentType) throw new AppError('VALIDATION_FAILED', POD_MESSAGES.badFileName, { field: 'fileName' });
  if ((await repo.countUploadingDocuments(ctx.db, { operatorId: input.operatorId })) >= MAX_UNATTACHED_FILES)
    throw new AppError('RATE_LIMITED', 'Too many files waiting. Submit the documents you uploaded first.');
  const documentId = newId('DOC', 12);
  // the key is random: never derived from the user's file name, only its extension is kept
  const resourceKey = `fleet/${input.operatorId}/${randomToken(18)}.${ext}`;
  await repo.insertDocument(ctx.db, {
    id: documentId,
    operatorId: input.operatorId,
    vehicleId: input.vehicleId,
    docType: input.docType,
    resourceKey,
    fileName: input.fileName,
    contentType,
    createdBy: input.userId,
  });
  const url = await ctx.storage.uploadUrl(resourceKey, contentType, UPLOAD_URL_TTL_SECONDS);
  return { documentId, url, resourceKey, contentType, expiresInSeconds: UPLOAD_URL_TTL_SECONDS, maxBytes: MAX_FILE_BYTES };
}

/** Vehicle document upload-url: a signed, write-once URL for one file of the operator's vehicle. */
export async function vehicleUploadUrl(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; userId: string; vehicleId: string; docType: VehicleDocType; fileName: string },
) {
  await ownVehicle(ctx, input);
  return issue(ctx, input);
}

/** Profile document upload-url: the operator's ID proof. */
export async function profileUploadUrl(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; userId: string; docType: string; fileName: string },
) {
  return issue(ctx, { ...input, vehicleId: null });
}

/** The uploaded bytes must be there, within the limit and of the type the name claims; a bad file is deleted. */
async function checkContent(ctx: ServiceContext, doc: repo.DocumentRow) {
  // the checked bytes are an immutable copy: an attached document can never change (ADR 224)
  await ctx.storage.seal(doc.resourceKey);
  const size = await ctx.storage.size(doc.resourceKey);
  if (size === null || size === 0) throw new AppError('FILE_NOT_UPLOADED', POD_MESSAGES.fileNotUploaded, { field: doc.resourceKey });
  const head = size > MAX_FILE_BYTES ? null : await ctx.storage.read(doc.resourceKey, SNIFF_BYTES);
  const actual = head ? sniff(head) : null;
  if (actual !== doc.contentType) {
    await ctx.storage.remove(doc.resourceKey).catch(() => undefined);
    await repo.removeDocument(ctx.db, { operatorId: doc.operatorId, documentId: doc.id });
    throw new AppError(
      size > MAX_FILE_BYTES ? 'FILE_TOO_LARGE' : 'FILE_REJECTED',
      size > MAX_FILE_BYTES ? POD_MESSAGES.fileTooLarge(doc.fileName) : POD_MESSAGES.fileRejected(doc.fileName),
      { field: doc.resourceKey },
    );
  }
}

/**
 * PATCH operator/vehicles: the uploaded files become the vehicle's documents in force, each checked by
 * content first (any bad one fails the call and nothing is attached). A new RC side sends the vehicle
 * back to review.
 */
export async function attachVehicleDocuments(
  ctx: ServiceContext,
  input: {
    operatorId: OperatorId;
    vehicleId: string;
    documents: Array<{ docType: VehicleDocType; resourceKey: string; expiresOn?: string }>;
  },
) {
  const vehicle = await ownVehicle(ctx, input);
  const found: Array<{ doc: repo.DocumentRow; expiresOn: string | null }> = [];
  for (const item of input.documents) {
    const doc = await repo.findDocumentByKey(ctx.db, { operatorId: input.operatorId, resourceKey: item.resourceKey });
    if (!doc || doc.vehicleId !== vehicle.id || doc.docType !== item.docType)
      throw new AppError('FILE_NOT_UPLOADED', POD_MESSAGES.fileNotUploaded, { field: item.resourceKey });
    if (EXPIRING_DOC_TYPES.includes(item.docType) && !item.expiresOn)
      throw new AppError('VALIDATION_FAILED', FLEET_MESSAGES.expiryRequired, { field: 'expiresOn' });
    found.push({ doc, expiresOn: EXPIRING_DOC_TYPES.includes(item.docType) ? (item.expiresOn ?? null) : null });
  }
  for (const { doc } of found) if (doc.status === 'UPLOADING') await checkContent(ctx, doc);
  await ctx.db.transaction(async (trx) => {
    const tx = trx as unknown as typeof ctx.db;
    for (const { doc, expiresOn } of found) {
      if (doc.status !== 'UPLOADING') continue;
      await repo.makeCurrent(tx, {
        operatorId: input.operatorId,
        documentId: doc.id,
        vehicleId: vehicle.id,
        docType: doc.docType,
        expiresOn,
      });
    }
    if (found.some(({ doc }) => doc.status === 'UPLOADING' && RC_SIDES.includes(doc.docType)))
      await repo.updateVehicle(tx, {
        operatorId: input.operatorId,
        vehicleId: vehicle.id,
        patch: { status: 'PENDING', rejectReason: null },
      });
  });
  return { vehicleId: vehicle.id };
}

/** The operator's ID proof after its PUT: checked by content and sent for review. */
export async function confirmProfileDocument(ctx: ServiceContext, input: { operatorId: OperatorId; resourceKey: string }) {
  const doc = await repo.findDocumentByKey(ctx.db, input);
  if (!doc || doc.vehicleId !== null) throw new AppError('FILE_NOT_UPLOADED', POD_MESSAGES.fileNotUploaded, { field: input.resourceKey });
  if (doc.status === 'UPLOADING') {
    await checkContent(ctx, doc);
    await repo.makeCurrent(ctx.db, {
      operatorId: input.operatorId,
      documentId: doc.id,
      vehicleId: null,
      docType: doc.docType,
      expiresOn: null,
    });
  }
  return profileDocuments(ctx, { operatorId: input.operatorId });
}

export async function profileDocuments(ctx: ServiceContext, input: { operatorId: OperatorId }) {
  const now = ctx.clock.now();
  return { documents: (await repo.listProfileDocuments(ctx.db, input)).map((d) => toDocument(d, now)) };
}

async function viewOf(ctx: ServiceContext, doc: repo.DocumentRow | undefined) {
  if (!doc || doc.status === 'UPLOADING') throw notFound(FLEET_MESSAGES.documentNotFound);
  return { documentId: doc.id, url: await ctx.storage.viewUrl(doc.resourceKey, VIEW_TTL_SECONDS), expiresInSeconds: VIEW_TTL_SECONDS };
}

/** Vehicle document view-url: a short-lived signed URL of the vehicle's document in force of that type. */
export async function vehicleViewUrl(ctx: ServiceContext, input: { operatorId: OperatorId; vehicleId: string; docType: VehicleDocType }) {
  await ownVehicle(ctx, input);
  return viewOf(ctx, await repo.findCurrentDocument(ctx.db, input));
}

/**
 * document view-url/{id}: any of the operator's documents; another operator's is not found. The owner's ID
 * proof (a profile document, no vehicle) is personal data: only a user with the documents permission sees it.
 */
export async function documentViewUrl(
  ctx: ServiceContext,
  input: { operatorId: OperatorId; documentId: string; mayManageDocuments: boolean },
) {
  const doc = await repo.findDocument(ctx.db, input);
  if (doc && doc.vehicleId === null && !input.mayManageDocuments) throw new AppError('FORBIDDEN', 'Your role does not allow this');
  return viewOf(ctx, doc);
}

// admin review queue

export async function reviewQueue(ctx: ServiceContext, input: { status: 'PENDING' | 'VERIFIED' | 'REJECTED' }) {
  const now = ctx.clock.now();
  const rows = await repo.listDocumentsForAdmin(ctx.db, { status: input.status, limit: 200 });
  return Promise.all(
    rows.map(async (r) => ({
      ...toDocument(r.doc, now),
      operatorId: r.doc.operatorId,
      operatorName: r.operatorName,
      vehicleNumber: r.vehicleNumber ? formatVehicleNumber(r.vehicleNumber) : null,
      viewUrl: await ctx.storage.viewUrl(r.doc.resourceKey, VIEW_TTL_SECONDS),
    })),
  );
}

/** Admin verifies or rejects a pending document; both RC sides verified make the vehicle VERIFIED, a rejected side REJECTED. */
export async function reviewDocument(
  ctx: ServiceContext,
  input: { documentId: string; adminId: string; decision: 'VERIFIED' | 'REJECTED'; reason?: string },
) {
  const doc = await repo.findDocumentForAdmin(ctx.db, input.documentId);
  if (!doc || doc.status === 'UPLOADING') throw notFound(FLEET_MESSAGES.documentNotFound);
  if (doc.status !== 'PENDING' || !doc.current) throw new AppError('CONFLICT', FLEET_MESSAGES.alreadyReviewed);
  const reason = input.decision === 'REJECTED' ? (input.reason ?? null) : null;
  if (input.decision === 'REJECTED' && !reason) throw new AppError('VALIDATION_FAILED', FLEET_MESSAGES.reasonRequired, { field: 'reason' });
  const decided = await ctx.db.transaction(async (trx) => {
    const tx = trx as unknown as typeof ctx.db;
    const row = await repo.decideDocument(tx, {
      documentId: doc.id,
      status: input.decision,
      reason,
      by: input.adminId,
      at: ctx.clock.now(),
    });
    if (!row) return undefined;
    if (row.vehicleId && RC_SIDES.includes(row.docType)) {
      const docs = await repo.listCurrentDocumentsOfVehicleForAdmin(tx, row.vehicleId);
      const rc = docs.filter((d) => RC_SIDES.includes(d.docType));
      if (input.decision === 'REJECTED') await repo.setVehicleStatusForAdmin(tx, { vehicleId: row.vehicleId, status: 'REJECTED', reason });
      else if (rc.length === 2 && rc.every((d) => d.status === 'VERIFIED'))
        await repo.setVehicleStatusForAdmin(tx, { vehicleId: row.vehicleId, status: 'VERIFIED', reason: null });
    }
    return row;
  });
  if (!decided) throw new AppError('CONFLICT', FLEET_MESSAGES.alreadyReviewed);
  return toDocument(decided, ctx.clock.now());
}

/**
 * The daily reminder: each certificate in force that expires within EXPIRY_WARNING_DAYS is told to its
 * owner once (the mark is set before sending, so two runs never both send).
 */
export async function notifyExpiringDocuments(ctx: ServiceContext) {
  const now = ctx.clock.now();
  const until = istDay(new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS));
  const rows = await repo.listExpiringDocumentsForAllOperators(ctx.db, { until });
  let sent = 0;
  for (const r of rows) {
    if (!(await repo.markExpiryNotified(ctx.db, { documentId: r.doc.id, at: now }))) continue;
    const what = r.doc.docType.charAt(0) + r.doc.docType.slice(1).toLowerCase();
    const vehicle = formatVehicleNumber(r.vehicleNumber);
    await ctx.notifier
      .send({
        channel: 'sms',
        to: r.ownerPhone,
        kind: 'FLEET_DOCUMENT_EXPIRING',
        preference: { kind: 'DOCUMENTS_EXPIRING', userId: r.ownerId },
        subject: `${what} of ${vehicle} expires on ${r.doc.expiresOn}`,
        text: `The ${what} certificate of ${vehicle} expires on ${r.doc.expiresOn}. Renew it and upload the new one in Bhada → Documents.`,
      })
      .catch((error: unknown) => ctx.log.warn({ err: error, documentId: r.doc.id }, 'expiry reminder not sent'));
    sent++;
  }
  return { sent };
}
