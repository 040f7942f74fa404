import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tripPodReviews } from '../../../db/schema/index.ts';

export async function insertReview(db: Db, row: typeof tripPodReviews.$inferInsert) {
  await db.insert(tripPodReviews).values(row);
}

export async function decideOpenReview(
  db: Db,
  { tripId, set }: { tripId: string; set: { status: 'VERIFIED' | 'REJECTED'; reason?: string; decidedBy: string } },
) {
  await db
    .update(tripPodReviews)
    .set({ status: set.status, reason: set.reason ?? null, decidedBy: set.decidedBy, decidedAt: new Date() })
    .where(and(eq(tripPodReviews.tripId, tripId), eq(tripPodReviews.status, 'SUBMITTED')));
}
