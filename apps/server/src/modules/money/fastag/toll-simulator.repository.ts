import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fastags, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/** The rows the toll simulator and the demo seed pick; no route reads through these. */

function pickTags(db: Db, limit: number, operatorIds?: OperatorId[]) {
  return db
    .select({ tagId: fastags.tagId, tagClass: fastags.tagClass, vehicleNumber: vehicles.number })
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .where(and(eq(fastags.status, 'ACTIVE'), operatorIds ? inArray(fastags.operatorId, operatorIds) : undefined))
    .orderBy(sql`random()`)
    .limit(limit);
}

/** Random active tags of any operator: the toll simulator, which runs only outside production (ADR 097). */
export async function pickAnyActiveTags(db: Db, { limit }: { limit: number }) {
  return pickTags(db, limit);
}

/** Random active tags of these operators only. */
export async function pickActiveTagsOf(db: Db, { limit, operatorIds }: { limit: number; operatorIds: OperatorId[] }) {
  return pickTags(db, limit, operatorIds);
}

export async function listVehiclesForTags(db: Db, vehicleIdPrefix: string) {
  return db
    .select({ id: vehicles.id, operatorId: vehicles.operatorId, number: vehicles.number, tyreCount: vehicles.tyreCount })
    .from(vehicles)
    .where(ilike(vehicles.id, `${vehicleIdPrefix}%`))
    .orderBy(asc(vehicles.id));
}
