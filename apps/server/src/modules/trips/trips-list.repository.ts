import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consigners, trips, vehicles } from '../../db/schema/index.ts';
import { PAGE_MARK_STRIDE } from '../../lib/page-marks.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import { tripColumns } from './trips.repository.ts';

// The trips lists: an operator's and the admin's, paged by number with exact totals (ADRs 154, 172).

async function selectTrips(
  db: Db,
  scope: { states: readonly string[]; limit: number; offset: number; from?: TripMark },
  operatorId?: OperatorId,
) {
  const where = and(operatorId !== undefined ? eq(trips.operatorId, operatorId) : undefined, inArray(trips.state, [...scope.states]));
  // the rows a deep page skips are walked in the index only, from a page mark when there is one (ADR 172)
  const seek = scope.from ? sql`(${trips.createdAt}, ${trips.id}) <= (${scope.from.at}::timestamptz, ${scope.from.id})` : undefined;
  const pageIds = db
    .select({ id: trips.id })
    .from(trips)
    .where(and(where, seek))
    .orderBy(desc(trips.createdAt), desc(trips.id))
    .limit(scope.limit)
    .offset(scope.offset);
  return db
    .select(tripColumns)
    .from(trips)
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .leftJoin(consigners, eq(consigners.code, trips.consignerCode))
    .where(inArray(trips.id, pageIds))
    .orderBy(desc(trips.createdAt), desc(trips.id));
}

/** A trip's place in the list order, exact to the microsecond (a JS Date would round it). */
export interface TripMark {
  at: string;
  id: string;
}

/**
 * How many of this operator's trips are in these states, and the page marks of that list (ADR 172): the
 * count and one index pass that keeps every PAGE_MARK_STRIDE-th trip, at once on two connections.
 */
export async function countTrips(db: Db, scope: { operatorId: OperatorId; states: readonly string[] }) {
  const states = sql.join(
    scope.states.map((s) => sql`${s}`),
    sql`, `,
  );
  const [[total], marks] = await Promise.all([
    db
      .select({ n: count() })
      .from(trips)
      .where(and(eq(trips.operatorId, scope.operatorId), inArray(trips.state, [...scope.states]))),
    db.execute(sql`
      SELECT at, id FROM (
        SELECT created_at::text AS at, id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n
        FROM trips WHERE operator_id = ${scope.operatorId} AND state IN (${states})
      ) t WHERE n % ${PAGE_MARK_STRIDE} = 1 AND n > 1 ORDER BY n`) as unknown as Promise<{ rows: TripMark[] }>,
  ]);
  return { total: total?.n ?? 0, marks: { stride: PAGE_MARK_STRIDE, keys: marks.rows.map((r) => ({ at: r.at, id: r.id })) } };
}

/** A page of this operator's trips in the given states, newest first, from a page mark when given. */
export async function listTrips(
  db: Db,
  scope: { operatorId: OperatorId; states: readonly string[]; limit: number; offset: number; from?: TripMark },
) {
  return selectTrips(db, scope, scope.operatorId);
}

/** Every operator's trips: the admin's list, with its exact count. */
export async function listAllTrips(db: Db, scope: { states: readonly string[]; limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    selectTrips(db, scope),
    db
      .select({ n: count() })
      .from(trips)
      .where(inArray(trips.state, [...scope.states])),
  ]);
  return { rows, total: total?.n ?? 0 };
}
