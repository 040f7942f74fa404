import { and, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../../db/client.ts';
import { consigners, trips, vehicles } from '../../../db/schema/index.ts';
import { PAGE_MARK_STRIDE } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { tripColumns } from './trips.repository.ts';

// The trips lists: an operator's and the admin's, paged by number with exact totals (ADRs 154, 172).

/** The page's ids, newest first; the rows a deep page skips are walked in the index only, from a page mark (ADR 172). */
function pageIdsOf(db: Db, where: SQL | undefined, seek: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) {
  return db
    .select({ id: trips.id })
    .from(trips)
    .where(and(where, seek))
    .orderBy(desc(trips.createdAt), desc(trips.id))
    .limit(limit)
    .offset(offset);
}

function selectTrips(db: Db, scope: { states: readonly string[]; limit: number; offset: number }) {
  return db
    .select(tripColumns)
    .from(trips)
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .leftJoin(consigners, eq(consigners.code, trips.consignerCode))
    .where(inArray(trips.id, pageIdsOf(db, inArray(trips.state, [...scope.states]), undefined, scope.limit, scope.offset)))
    .orderBy(desc(trips.createdAt), desc(trips.id));
}

/** a short statement name per set of states: PostgreSQL keeps 63 bytes of a name */
const stateSets = new Map<string, number>();
const stateSetOf = (states: readonly string[]) => {
  const key = states.join(',');
  if (!stateSets.has(key)) stateSets.set(key, stateSets.size);
  return stateSets.get(key);
};

/**
 * An operator's page as a statement built once per set of states and mark use (ADR 186): the states stay in
 * its text, as before, so PostgreSQL keeps using the operator's (state, created_at) order; the operator, the
 * mark, the size and the offset are placeholders.
 */
function operatorPage(db: Db, states: readonly string[], seek: boolean) {
  const name = `trips-page-${stateSetOf(states)}${seek ? '-from' : ''}`;
  return preparedOnce(db, name, () => {
    const where = and(eq(trips.operatorId, sql.placeholder('operatorId')), inArray(trips.state, [...states]));
    const from = seek
      ? sql`(${trips.createdAt}, ${trips.id}) <= (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})`
      : undefined;
    const limit = sql.placeholder('limit');
    const offset = sql.placeholder('offset');
    return db
      .select(tripColumns)
      .from(trips)
      .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
      .leftJoin(consigners, eq(consigners.code, trips.consignerCode))
      .where(inArray(trips.id, pageIdsOf(db, where, from, limit, offset)))
      .orderBy(desc(trips.createdAt), desc(trips.id))
      .prepare(name);
  });
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
  const { from } = scope;
  return operatorPage(db, scope.states, from !== undefined).execute({
    operatorId: scope.operatorId,
    at: from?.at,
    id: from?.id,
    limit: scope.limit,
    offset: scope.offset,
  });
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
