/** Documents of a trip (POD, invoice, bilti, charge papers): one table, read by trips and POD. */
import { and, asc, count, eq, gt, inArray, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tripFiles } from '../../../db/schema/index.ts';
import type { TripFileStatus } from '../../../db/schema/trips.ts';

const fileColumns = {
  id: tripFiles.id,
  tripId: tripFiles.tripId,
  docType: tripFiles.docType,
  resourceKey: tripFiles.resourceKey,
  fileName: tripFiles.fileName,
  contentType: tripFiles.contentType,
  status: tripFiles.status,
  sizeBytes: tripFiles.sizeBytes,
  hasFile: tripFiles.hasFile,
  createdAt: tripFiles.createdAt,
};
export type TripFileRow = Awaited<ReturnType<typeof findFile>> & {};

export async function insertFile(db: Db, row: typeof tripFiles.$inferInsert) {
  await db.insert(tripFiles).values(row);
}

/** a file of this trip (the key alone never grants access) */
export async function findFile(db: Db, scope: { resourceKey: string; tripId: string }) {
  const [row] = await db
    .select(fileColumns)
    .from(tripFiles)
    .where(and(eq(tripFiles.resourceKey, scope.resourceKey), eq(tripFiles.tripId, scope.tripId)))
    .limit(1);
  return row;
}

export async function findFileByKey(db: Db, resourceKey: string) {
  const [row] = await db.select(fileColumns).from(tripFiles).where(eq(tripFiles.resourceKey, resourceKey)).limit(1);
  return row;
}

export async function listFiles(db: Db, { tripId, docType }: { tripId: string; docType: string }) {
  return db
    .select(fileColumns)
    .from(tripFiles)
    .where(
      and(eq(tripFiles.tripId, tripId), eq(tripFiles.docType, docType as 'POD'), notInArray(tripFiles.status, ['REMOVED', 'REJECTED'])),
    )
    .orderBy(asc(tripFiles.createdAt));
}

/**
 * Files waiting to be submitted, and removed or refused ones whose upload URL may still be in force: the
 * cap counts what may be stored, so removing and asking again never frees a slot early (ADR 224).
 */
export async function countOpenFiles(db: Db, tripId: string, urlsIssuedSince: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(tripFiles)
    .where(
      and(
        eq(tripFiles.tripId, tripId),
        or(
          inArray(tripFiles.status, ['PENDING', 'UPLOADED']),
          and(inArray(tripFiles.status, ['REMOVED', 'REJECTED']), gt(tripFiles.createdAt, urlsIssuedSince)),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function setFileStatus(db: Db, { ids, status, sizeBytes }: { ids: string[]; status: TripFileStatus; sizeBytes?: number }) {
  if (!ids.length) return;
  await db
    .update(tripFiles)
    .set({ status, ...(sizeBytes !== undefined ? { sizeBytes } : {}) })
    .where(inArray(tripFiles.id, ids));
}

export async function setTripPodFilesStatus(db: Db, { tripId, from, to }: { tripId: string; from: TripFileStatus; to: TripFileStatus }) {
  await db
    .update(tripFiles)
    .set({ status: to })
    .where(and(eq(tripFiles.tripId, tripId), eq(tripFiles.docType, 'POD'), eq(tripFiles.status, from)));
}
