import { sql } from 'drizzle-orm';
import type { NamedWrite } from '../../db/client.ts';
import type { fastagTransactions } from '../../db/schema/index.ts';

/**
 * What a recharge, a toll or a top-up writes besides its ledger entries. Each is a write that goes to the
 * database in the same statement as the entries (ADR 177), while the movement's accounts are locked.
 */

export type TxnInsert = Omit<typeof fastagTransactions.$inferInsert, 'seq'>;
const column = <T>(rows: TxnInsert[], pick: (r: TxnInsert) => T) => sql.param(rows.map(pick));

/**
 * Every recharge, toll and top-up writes its rows here: one named statement (ADR 176) with one array per
 * column, so its text is the same for one row or five hundred, and it can go alongside the entries (ADR 177).
 */
export function txnsWrite(rows: TxnInsert[]): NamedWrite {
  return {
    name: 'fastag-insert-txns',
    sql: sql`INSERT INTO fastag_transactions (id, event_id, operator_id, tag_id, vehicle_id, kind, txn_type, status, amount_paisa,
        opening_balance_paisa, closing_balance_paisa, plaza, plaza_code, lane_direction, vehicle_class, entry_id, failure_reason,
        occurred_at)
      SELECT x.id, x.event_id, x.operator_id, x.tag_id, x.vehicle_id, x.kind, x.txn_type, x.status, x.amount_paisa,
        x.opening_balance_paisa, x.closing_balance_paisa, x.plaza, x.plaza_code, x.lane_direction, x.vehicle_class, x.entry_id,
        x.failure_reason, x.occurred_at
      FROM unnest(${column(rows, (r) => r.id)}::text[], ${column(rows, (r) => r.eventId ?? null)}::text[],
        ${column(rows, (r) => r.operatorId)}::text[], ${column(rows, (r) => r.tagId)}::text[], ${column(rows, (r) => r.vehicleId)}::text[],
        ${column(rows, (r) => r.kind)}::text[], ${column(rows, (r) => r.txnType)}::text[], ${column(rows, (r) => r.status)}::text[],
        ${column(rows, (r) => r.amountPaisa)}::bigint[], ${column(rows, (r) => r.openingBalancePaisa)}::bigint[],
        ${column(rows, (r) => r.closingBalancePaisa)}::bigint[], ${column(rows, (r) => r.plaza ?? null)}::text[],
        ${column(rows, (r) => r.plazaCode ?? null)}::text[], ${column(rows, (r) => r.laneDirection ?? null)}::text[],
        ${column(rows, (r) => r.vehicleClass ?? null)}::int[], ${column(rows, (r) => r.entryId ?? null)}::text[],
        ${column(rows, (r) => r.failureReason ?? null)}::text[], ${column(rows, (r) => toTimestamp(r.occurredAt))}::timestamptz[])
      WITH ORDINALITY AS x(id, event_id, operator_id, tag_id, vehicle_id, kind, txn_type, status, amount_paisa, opening_balance_paisa,
        closing_balance_paisa, plaza, plaza_code, lane_direction, vehicle_class, entry_id, failure_reason, occurred_at, n)
      ORDER BY x.n`,
  };
}

const toTimestamp = (at: Date | string) => (at instanceof Date ? at.toISOString() : at);

/** The tags' last toll, as a write that can go alongside a batch's entries (ADR 177). */
export function lastTollsWrite(tolls: Array<{ tagId: string; plaza: string; at: Date }>): NamedWrite {
  const list = (values: string[]) => sql.param(values);
  const tagIds = list(tolls.map((t) => t.tagId));
  return {
    name: 'fastag-last-tolls',
    // `f.tag_id = ANY(…)` beside the join: the tags are found through their key, not by a scan (ADR 181)
    sql: sql`
    UPDATE fastags f SET last_toll_name = u.plaza, last_toll_at = u.at
    FROM unnest(${tagIds}::text[], ${list(tolls.map((t) => t.plaza))}::text[],
      ${list(tolls.map((t) => t.at.toISOString()))}::timestamptz[]) AS u(tag_id, plaza, at)
    WHERE f.tag_id = u.tag_id AND f.tag_id = ANY(${tagIds}::text[]) AND (f.last_toll_at IS NULL OR f.last_toll_at < u.at)`,
  };
}
