import { extensionOf, FILE_KINDS, MAX_FILE_BYTES, POD_MESSAGES, type PodFile, UPLOAD_URL_TTL_SECONDS } from '@bhada/contracts/trips/pod';
import type { Db } from '../../../db/client.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { SNIFF_BYTES, sniff } from '../../../lib/file-check.ts';
import { newId } from '../../../lib/ids.ts';
import type { Storage } from '../../../plugins/storage.ts';
import * as repo from './trip-files.repository.ts';

export interface FileDeps {
  db: Db;
  storage: Storage;
}

/** a trip may hold this many files waiting to be submitted; stops a client filling the disk */
const MAX_OPEN_FILES = 40;

/**
 * Issues a signed upload URL for a new document of the trip. The storage key is random and
 * never derived from the user's file name; only the extension is kept, for the content check.
 */
export async function issueUpload(
  deps: FileDeps,
  input: {
    tripId: string;
    fileName: string;
    docType: 'POD' | 'BILTI' | 'CHARGE_DOCUMENT' | 'INVOICE';
    createdBy: string;
    clientKey?: string;
  },
) {
  const ext = extensionOf(input.fileName);
  const contentType = FILE_KINDS[ext];
  if (!contentType) throw new AppError('VALIDATION_FAILED', POD_MESSAGES.badFileName, { field: 'fileName' });
  // ADR 144: a photo the phone already asked for keeps its one file; the retry re-signs the same key
  const keyed = input.clientKey
    ? `pod/${input.tripId}/c${sha256(`${input.createdBy}\n${input.docType}\n${input.clientKey}`).slice(0, 32)}.${ext}`
    : null;
  if (keyed) {
    const existing = await repo.findFile(deps.db, { resourceKey: keyed, tripId: input.tripId });
    if (existing && existing.status !== 'REMOVED' && existing.status !== 'REJECTED') {
      const url = await deps.storage.uploadUrl(keyed, existing.contentType, UPLOAD_URL_TTL_SECONDS);
      return {
        url,
        resourceKey: keyed,
        contentType: existing.contentType,
        expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
        maxBytes: MAX_FILE_BYTES,
        // a signed URL writes once: a photo that already arrived is confirmed, not sent again
        alreadyUploaded: await deps.storage.exists(keyed),
      };
    }
    if (existing) throw new AppError('VALIDATION_FAILED', POD_MESSAGES.fileNotUploaded, { field: 'clientKey' });
  }
  if ((await repo.countOpenFiles(deps.db, input.tripId, new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000))) >= MAX_OPEN_FILES) {
    throw new AppError('RATE_LIMITED', 'Too many files waiting. Submit or remove some first.');
  }
  const resourceKey = keyed ?? `pod/${input.tripId}/${randomToken(18)}.${ext}`;
  await repo.insertFile(deps.db, {
    id: newId('TF', 12),
    tripId: input.tripId,
    docType: input.docType,
    resourceKey,
    fileName: input.fileName,
    contentType,
    createdBy: input.createdBy,
  });
  const url = await deps.storage.uploadUrl(resourceKey, contentType, UPLOAD_URL_TTL_SECONDS);
  return { url, resourceKey, contentType, expiresInSeconds: UPLOAD_URL_TTL_SECONDS, maxBytes: MAX_FILE_BYTES, alreadyUploaded: false };
}

async function refuse(deps: FileDeps, file: repo.TripFileRow, error: AppError): Promise<never> {
  await deps.storage.remove(file.resourceKey).catch(() => undefined);
  await repo.setFileStatus(deps.db, { ids: [file.id], status: 'REJECTED' });
  throw error;
}

/**
 * Checks an uploaded file by size and by its first bytes; a bad file is deleted from storage
 * and marked rejected, and the call fails naming the file.
 */
export async function checkFile(deps: FileDeps, file: repo.TripFileRow) {
  if (!file.hasFile) return file;
  // the checked bytes are an immutable copy: a submitted file can never change (ADR 224)
  await deps.storage.seal(file.resourceKey);
  const size = await deps.storage.size(file.resourceKey);
  if (size === null || size === 0) throw new AppError('FILE_NOT_UPLOADED', POD_MESSAGES.fileNotUploaded, { field: file.resourceKey });
  if (size > MAX_FILE_BYTES) await refuse(deps, file, new AppError('FILE_TOO_LARGE', POD_MESSAGES.fileTooLarge(file.fileName)));
  const head = await deps.storage.read(file.resourceKey, SNIFF_BYTES);
  const actual = head ? sniff(head) : null;
  if (!actual || actual !== file.contentType)
    await refuse(deps, file, new AppError('FILE_REJECTED', POD_MESSAGES.fileRejected(file.fileName)));
  if (file.status === 'PENDING') await repo.setFileStatus(deps.db, { ids: [file.id], status: 'UPLOADED', sizeBytes: size ?? undefined });
  return { ...file, status: file.status === 'PENDING' ? ('UPLOADED' as const) : file.status, sizeBytes: size };
}

/** The trip's files behind these keys, each checked; any missing or bad one fails the call. */
export async function acceptFiles(deps: FileDeps, tripId: string, keys: string[], docType: string) {
  const unique = [...new Set(keys)];
  const files: repo.TripFileRow[] = [];
  for (const key of unique) {
    const file = await repo.findFile(deps.db, { resourceKey: key, tripId });
    if (!file || file.docType !== docType || file.status === 'REMOVED' || file.status === 'REJECTED') {
      throw new AppError('FILE_NOT_UPLOADED', POD_MESSAGES.fileNotUploaded, { field: key });
    }
    files.push(await checkFile(deps, file));
  }
  return files;
}

export async function toPodFile(deps: FileDeps, file: repo.TripFileRow): Promise<PodFile> {
  const viewable = file.hasFile && file.status !== 'PENDING';
  const url = viewable ? await deps.storage.viewUrl(file.resourceKey, 900) : null;
  const isImage = file.contentType.startsWith('image/');
  return {
    resourceKey: file.resourceKey,
    fileName: file.fileName,
    docType: file.docType,
    imgUrl: isImage ? url : null,
    docViewUrl: url,
    isUploadedSuccessFully: file.status !== 'PENDING',
    status: file.status === 'REMOVED' ? 'REJECTED' : file.status,
    createdAt: file.createdAt.toISOString(),
  };
}
