import { type LoadState, NEAR_PLACE_KM, type OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import { LOAD_TAB_RULES, type TabClause } from './load-tabs.ts';

// The operator's load board: its tabs, filters, fleet-fit order and counts (ADRs 021, 088, 115, 159).

/** The operator's fleet as the load board's ordering needs it (ADR 021). */
export async function fleetOf(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({
      vehicleType: vehicles.vehicleType,
      bodyType: vehicles.bodyType,
      lat: vehicles.currentLat,
      lng: vehicles.currentLng,
    })
    .from(vehicles)
    .where(and(eq(vehicles.operatorId, operatorId), eq(vehicles.status, 'VERIFIED')));
}

export interface FleetHint {
  types: string[];
  bodies: string[];
  /** distinct positions of the operator's vehicles (rounded), for the nearest-vehicle distance */
  spots: Array<{ lat: number; lng: number }>;
}

/** A point a load's origin or destination must lie near (a saved place, ADR 115). */
export interface NearPoint {
  lat: number;
  lng: number;
}

export interface BoardFilters {
  origin?: string;
  destination?: string;
  originNear?: NearPoint;
  destinationNear?: NearPoint;
  vehicleType?: string;
}

const KM_PER_DEGREE = 111.2;

/**
 * The one rule for "a load near a saved place" (ADR 115): the load's end lies within NEAR_PLACE_KM in a
 * straight line (equirectangular, exact to well under 1 % at this range). A bounding box comes first so
 * most rows are refused by two comparisons.
 */
function nearPoint(end: 'origin' | 'destination', p: NearPoint): SQL {
  const lat = sql.raw(`d.${end}_lat`);
  const lng = sql.raw(`d.${end}_lng`);
  const cos = Math.cos((p.lat * Math.PI) / 180);
  const dLat = NEAR_PLACE_KM / KM_PER_DEGREE;
  const dLng = dLat / cos;
  return sql`(${lat} BETWEEN ${p.lat - dLat}::float8 AND ${p.lat + dLat}::float8
    AND ${lng} BETWEEN ${p.lng - dLng}::float8 AND ${p.lng + dLng}::float8
    AND sqrt(power(${lat} - ${p.lat}::float8, 2) + power((${lng} - ${p.lng}::float8) * ${cos}::float8, 2)) * ${KM_PER_DEGREE}::float8
      <= ${NEAR_PLACE_KM}::float8)`;
}

/** One clause of the tab table (load-tabs.ts) as SQL over `d` (load), `q` (my quote), `r` (my answer). */
function clauseSql(c: TabClause, op: OperatorId, now: Date): SQL {
  const parts: SQL[] = [
    sql`d.state IN (${sql.join(
      c.states.map((st) => sql`${st}`),
      sql`, `,
    )})`,
  ];
  if (c.mine !== undefined) parts.push(c.mine ? sql`d.awarded_operator_id = ${op}` : sql`d.awarded_operator_id IS DISTINCT FROM ${op}`);
  if (c.quoted !== undefined) parts.push(c.quoted ? sql`q.operator_id IS NOT NULL` : sql`q.operator_id IS NULL`);
  if (c.rejected !== undefined)
    parts.push(c.rejected ? sql`r.consent IS NOT DISTINCT FROM 'REJECTED'` : sql`r.consent IS DISTINCT FROM 'REJECTED'`);
  if (c.biddingOpen !== undefined) parts.push(c.biddingOpen ? sql`d.bidding_ends_at > ${now}` : sql`d.bidding_ends_at <= ${now}`);
  return sql.join(parts, sql` AND `);
}

function tabCondition(tab: OperatorLoadState, op: OperatorId, now: Date): SQL {
  return sql.join(
    LOAD_TAB_RULES[tab].map((c) => sql`(${clauseSql(c, op, now)})`),
    sql` OR `,
  );
}

const ORDER: Record<OperatorLoadState, SQL> = {
  // ADR 021: loads the fleet fits first, then the nearest free vehicle (50 km steps), then loading time
  OPEN: sql`b.type_match DESC, b.body_match DESC, floor(coalesce(b.nearest_km, 100000) / 50) ASC, b.loading_at ASC, b.id`,
  QUOTED: sql`b.bidding_ends_at ASC, b.id`,
  WON: sql`b.awarded_at DESC, b.id`,
  CONFIRMED: sql`b.updated_at DESC, b.id`,
  LOST: sql`b.updated_at DESC, b.id`,
};

/** A load's board columns as the database answers them, the same for every operator. */
export interface BoardLoadRow {
  id: string;
  state: LoadState;
  origin_city: string;
  destination_city: string;
  distance_km: number;
  vehicle_type: string;
  body_type: 'OPEN' | 'CONTAINER' | 'TRAILER';
  tyre_count: number;
  tonnage: string | number;
  length_feet: number;
  material: string;
  loading_at: Date | string;
  bidding_ends_at: Date | string;
  token_amount_paisa: string | number;
  awarded_operator_id: OperatorId | null;
}

/** A load on one operator's board: its columns, that operator's quote and answer, and the fleet fit. */
export interface BoardRow extends BoardLoadRow {
  my_quote: string | number | null;
  consent: 'ACCEPTED' | 'REJECTED' | null;
  type_match: boolean;
  nearest_km: string | number | null;
  total: string | number;
}

function nearestExpr(spots: FleetHint['spots']): SQL {
  if (!spots.length) return sql`NULL::double precision`;
  // equirectangular distance (× road factor) is plenty for ordering and cheap on 10,000 rows
  const parts = spots.map(
    (s) => sql`sqrt(power(d.origin_lat - ${s.lat}::float8, 2) + power((d.origin_lng - ${s.lng}::float8) * 0.92, 2)) * 139.1`,
  );
  return parts.length === 1 ? parts[0]! : sql`LEAST(${sql.join(parts, sql`, `)})`;
}

function inList(column: SQL, values: string[]): SQL {
  if (!values.length) return sql`false`;
  return sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The board's filters as conditions on alias d: one definition for every tab and for the OPEN tab's cells. */
function boardFilterConditions(filters: BoardFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.origin) where.push(sql`d.origin_city = ${filters.origin}`);
  if (filters.destination) where.push(sql`d.destination_city = ${filters.destination}`);
  if (filters.originNear) where.push(nearPoint('origin', filters.originNear));
  if (filters.destinationNear) where.push(nearPoint('destination', filters.destinationNear));
  if (filters.vehicleType) where.push(sql`d.vehicle_type = ${filters.vehicleType}`);
  return where;
}

/** The operator's load board for one tab, ordered and paged; the total comes from a window count. */
export async function listBoard(
  db: Db,
  input: {
    operatorId: OperatorId;
    tab: OperatorLoadState;
    now: Date;
    fleet: FleetHint;
    filters: BoardFilters;
    limit: number;
    offset: number;
  },
): Promise<BoardRow[]> {
  const { operatorId: op, fleet, filters } = input;
  const where: SQL[] = [tabCondition(input.tab, op, input.now), ...boardFilterConditions(filters)];
  const query = sql`
    SELECT b.*, count(*) OVER () AS total FROM (
      SELECT d.id, d.state, d.origin_city, d.destination_city, d.distance_km, d.vehicle_type, d.body_type, d.tyre_count,
             d.tonnage, d.length_feet, d.material, d.loading_at, d.bidding_ends_at, d.token_amount_paisa,
             d.awarded_operator_id, d.awarded_at, d.updated_at,
             q.amount_paisa AS my_quote, r.consent,
             ${inList(sql`d.vehicle_type`, fleet.types)} AS type_match,
             ${inList(sql`d.body_type`, fleet.bodies)} AS body_match,
             ${nearestExpr(fleet.spots)} AS nearest_km
      FROM demands d
      LEFT JOIN quotes q ON q.demand_id = d.id AND q.operator_id = ${op}
      LEFT JOIN demand_responses r ON r.demand_id = d.id AND r.operator_id = ${op}
      WHERE ${sql.join(
        where.map((w) => sql`(${w})`),
        sql` AND `,
      )}
    ) b
    ORDER BY ${ORDER[input.tab]}
    LIMIT ${input.limit} OFFSET ${input.offset}`;
  const result = (await db.execute(query)) as unknown as { rows: BoardRow[] };
  return result.rows;
}

/**
 * The OPEN tab's loads for this operator (alias d), without joining the wide rows (ADR 159): the OPEN rule of
 * LOAD_TAB_RULES written as anti-joins so the count can walk an index; load-tabs.test.ts holds the two equal.
 */
function openToOperator(op: OperatorId | Placeholder, now: Date | Placeholder, filters: BoardFilters): SQL {
  const where: SQL[] = [
    sql`d.state = 'OPEN' AND d.bidding_ends_at > ${now}`,
    sql`NOT EXISTS (SELECT 1 FROM quotes q WHERE q.demand_id = d.id AND q.operator_id = ${op})`,
    sql`NOT EXISTS (SELECT 1 FROM demand_responses r WHERE r.demand_id = d.id AND r.operator_id = ${op} AND r.consent = 'REJECTED')`,
  ];
  where.push(...boardFilterConditions(filters));
  return sql.join(where, sql` AND `);
}

/** Loads that rank alike for every operator: same type, body and origin (ADR 159). */
export interface FitCell {
  vehicleType: string;
  bodyType: string;
  lat: number;
  lng: number;
}

/** How many OPEN-tab loads fall in each fit cell: one index-only pass, no distance computed per load. */
export async function countOpenCells(db: Db, input: { operatorId: OperatorId; now: Date; filters: BoardFilters }) {
  const query = sql`
    SELECT d.vehicle_type, d.body_type, d.origin_lat, d.origin_lng, count(*)::int AS n
    FROM demands d
    WHERE ${openToOperator(input.operatorId, input.now, input.filters)}
    GROUP BY 1, 2, 3, 4`;
  const result = (await db.execute(query)) as unknown as {
    rows: Array<{ vehicle_type: string; body_type: string; origin_lat: number | string; origin_lng: number | string; n: number | string }>;
  };
  return result.rows.map((r) => ({
    cell: { vehicleType: r.vehicle_type, bodyType: r.body_type, lat: Number(r.origin_lat), lng: Number(r.origin_lng) },
    count: Number(r.n),
  }));
}

export type OpenBoardRow = Omit<BoardRow, 'type_match' | 'nearest_km' | 'total'> & { origin_lat: number; origin_lng: number };

/**
 * One page of the OPEN tab: each fit class's slice walks the open loads by loading time, keeping the
 * loads of that class's cells (an index walk that stops after the slice), and only the page's rows are
 * read in full.
 */
export async function listOpenPage(
  db: Db,
  input: {
    operatorId: OperatorId;
    now: Date;
    filters: BoardFilters;
    slices: Array<{ cells: FitCell[]; offset: number; limit: number }>;
  },
): Promise<OpenBoardRow[]> {
  if (!input.slices.length) return [];
  const op = input.operatorId;
  const parts = input.slices.map((slice, rank) => {
    const cells = JSON.stringify(slice.cells.map((c) => ({ vt: c.vehicleType, bt: c.bodyType, lat: c.lat, lng: c.lng })));
    return sql`(SELECT d.id, ${rank}::int AS r, d.loading_at
      FROM demands d
      WHERE ${openToOperator(op, input.now, input.filters)}
        AND (d.vehicle_type, d.body_type, d.origin_lat, d.origin_lng) IN
          (SELECT vt, bt, lat, lng FROM jsonb_to_recordset(${cells}::jsonb) AS k(vt text, bt text, lat float8, lng float8))
      ORDER BY d.loading_at, d.id
      LIMIT ${slice.limit} OFFSET ${slice.offset})`;
  });
  const query = sql`
    SELECT d.id, d.state, d.origin_city, d.destination_city, d.distance_km, d.vehicle_type, d.body_type, d.tyre_count,
           d.tonnage, d.length_feet, d.material, d.loading_at, d.bidding_ends_at, d.token_amount_paisa,
           d.awarded_operator_id, d.origin_lat, d.origin_lng, q.amount_paisa AS my_quote, r.consent
    FROM (${sql.join(parts, sql` UNION ALL `)}) p
    JOIN demands d ON d.id = p.id
    LEFT JOIN quotes q ON q.demand_id = d.id AND q.operator_id = ${op}
    LEFT JOIN demand_responses r ON r.demand_id = d.id AND r.operator_id = ${op}
    ORDER BY p.r, p.loading_at, p.id`;
  const result = (await db.execute(query)) as unknown as { rows: OpenBoardRow[] };
  return result.rows;
}

/** Counts for the state tabs, in one pass. */
export async function countTabs(
  db: Db,
  { operatorId: op, now }: { operatorId: OperatorId; now: Date },
): Promise<Record<OperatorLoadState, number>> {
  const tabs = Object.keys(LOAD_TAB_RULES) as OperatorLoadState[];
  const cols = tabs.map((t) => sql`count(*) FILTER (WHERE ${tabCondition(t, op, now)})::int AS ${sql.raw(`"${t}"`)}`);
  const query = sql`
    SELECT ${sql.join(cols, sql`, `)}
    FROM demands d
    LEFT JOIN quotes q ON q.demand_id = d.id AND q.operator_id = ${op}
    LEFT JOIN demand_responses r ON r.demand_id = d.id AND r.operator_id = ${op}
    -- a cheap superset of every tab's rule, so the counts read only the loads that can be on one
    WHERE d.state = 'OPEN' OR d.awarded_operator_id = ${op} OR q.operator_id IS NOT NULL`;
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<OperatorLoadState, number>> };
  const row = result.rows[0];
  return Object.fromEntries(tabs.map((t) => [t, Number(row?.[t] ?? 0)])) as Record<OperatorLoadState, number>;
}

const OPEN_TO_OPERATOR = (op: OperatorId, now: Date) => sql`
    FROM demands d
    LEFT JOIN demand_responses r ON r.demand_id = d.id AND r.operator_id = ${op}
    WHERE d.state = 'OPEN' AND d.bidding_ends_at > ${now} AND r.consent IS DISTINCT FROM 'REJECTED'`;

/** Values and counts of one filter over the loads open to this operator. */
export async function searchOptions(
  db: Db,
  { operatorId: op, column, now }: { operatorId: OperatorId; column: 'origin_city' | 'destination_city' | 'vehicle_type'; now: Date },
) {
  const query = sql`
    SELECT ${sql.raw(`d.${column}`)} AS value, count(*)::int AS count
    ${OPEN_TO_OPERATOR(op, now)}
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`;
  const result = (await db.execute(query)) as unknown as { rows: Array<{ value: string; count: number }> };
  return result.rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** How many loads open to this operator start (or end) near each point, in one pass. */
export async function countNear(
  db: Db,
  { operatorId: op, end, points, now }: { operatorId: OperatorId; end: 'origin' | 'destination'; points: NearPoint[]; now: Date },
): Promise<number[]> {
  if (!points.length) return [];
  const cols = points.map((p, i) => sql`count(*) FILTER (WHERE ${nearPoint(end, p)})::int AS ${sql.raw(`"p${i}"`)}`);
  const result = (await db.execute(sql`SELECT ${sql.join(cols, sql`, `)} ${OPEN_TO_OPERATOR(op, now)}`)) as unknown as {
    rows: Array<Record<string, number>>;
  };
  return points.map((_, i) => Number(result.rows[0]?.[`p${i}`] ?? 0));
}
