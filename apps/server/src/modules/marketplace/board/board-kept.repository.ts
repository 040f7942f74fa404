import { sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../../db/client.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import type { BoardLoadRow, FitCell, fleetOf } from './board.repository.ts';

// What each process keeps of the load board (ADRs 173, 192): the open loads by fit cell, the rows the OPEN tab
// shows, and each operator's board context. The database announces changes to all three (migrations 0168, 0172).

/**
 * Every load open for bidding, by fit cell: each cell's ids in board order (loading time, then id) with their
 * rank in that order across cells and their bidding ends (epoch ms, fractional, so the microseconds compare as
 * the database does). What the OPEN tab needs of the marketplace, kept per process (ADR 173).
 */
export async function listOpenCells(db: Db, now: Date) {
  const result = (await db.execute(sql`
    SELECT vehicle_type, body_type, origin_lat, origin_lng, array_agg(id ORDER BY rank) AS ids, array_agg(rank ORDER BY rank) AS ranks,
           array_agg(ends ORDER BY rank) AS ends
    FROM (
      SELECT d.id, d.vehicle_type, d.body_type, d.origin_lat, d.origin_lng, extract(epoch FROM d.bidding_ends_at)::float8 * 1000 AS ends,
             row_number() OVER (ORDER BY d.loading_at, d.id)::int AS rank
      FROM demands d WHERE d.state = 'OPEN' AND d.bidding_ends_at > ${now}
    ) o
    GROUP BY 1, 2, 3, 4`)) as unknown as {
    rows: Array<{
      vehicle_type: string;
      body_type: string;
      origin_lat: number | string;
      origin_lng: number | string;
      ids: string[];
      ranks: Array<number | string>;
      ends: Array<number | string>;
    }>;
  };
  return result.rows.map((r) => ({
    cell: { vehicleType: r.vehicle_type, bodyType: r.body_type, lat: Number(r.origin_lat), lng: Number(r.origin_lng) } as FitCell,
    ids: r.ids,
    ranks: r.ranks.map(Number),
    ends: r.ends.map(Number),
  }));
}

/** What the OPEN tab shows of a load, the same for every operator: kept per process with the open loads (ADR 192). */
export type OpenLoadRow = BoardLoadRow & {
  origin_lat: number | string;
  origin_lng: number | string;
};

/**
 * The loads of these ids as the OPEN tab shows them, in no particular order. Nothing in them depends on who asks:
 * the page's order, who has answered what and whether the load is still open come from what the process keeps.
 */
export async function listLoadRowsByIds(db: Db, ids: string[]): Promise<OpenLoadRow[]> {
  if (!ids.length) return [];
  return executePrepared<OpenLoadRow>(
    db,
    'board-load-rows-by-ids',
    () => sql`
    SELECT d.id, d.state, d.origin_city, d.destination_city, d.distance_km, d.vehicle_type, d.body_type, d.tyre_count,
           d.tonnage, d.length_feet, d.material, d.loading_at, d.bidding_ends_at, d.token_amount_paisa,
           d.awarded_operator_id, d.origin_lat, d.origin_lng
    FROM demands d WHERE d.id IN (SELECT jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))`,
    { ids: JSON.stringify(ids) },
  );
}

/** What the load board needs of one operator besides the loads (ADR 192). */
export interface BoardContext {
  fleet: Awaited<ReturnType<typeof fleetOf>>;
  /** open loads the operator quoted on or turned down: the OPEN tab leaves them out (LOAD_TAB_RULES) */
  answered: string[];
  /** open loads the operator said yes to without a quote: they stay on the OPEN tab, marked ACCEPTED */
  accepted: string[];
}

/**
 * The operator's board context in one round trip: its fleet (as fleetOf reads it) and its answers on open loads.
 * Kept per process under the operator's board tenant; migration 0172 announces every change to these rows.
 */
export async function boardContextOf(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<BoardContext> {
  const op = sql.placeholder('operatorId');
  const [row] = await executePrepared<BoardContext>(
    db,
    'board-context-v2',
    () => sql`
    SELECT
      coalesce((SELECT json_agg(json_build_object('vehicleType', v.vehicle_type, 'bodyType', v.body_type, 'lat', v.current_lat,
          'lng', v.current_lng)) FROM vehicles v WHERE v.operator_id = ${op} AND v.status = 'VERIFIED'), '[]'::json) AS fleet,
      ARRAY(
        SELECT q.demand_id FROM quotes q JOIN demands d ON d.id = q.demand_id WHERE q.operator_id = ${op} AND d.state = 'OPEN'
        UNION
        SELECT r.demand_id FROM demand_responses r JOIN demands d ON d.id = r.demand_id
        WHERE r.operator_id = ${op} AND r.consent = 'REJECTED' AND d.state = 'OPEN') AS answered,
      ARRAY(
        SELECT r.demand_id FROM demand_responses r JOIN demands d ON d.id = r.demand_id
        WHERE r.operator_id = ${op} AND r.consent = 'ACCEPTED' AND d.state = 'OPEN') AS accepted`,
    { operatorId },
  );
  return row!;
}
