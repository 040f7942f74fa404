import { sql } from 'drizzle-orm';
import type { NamedWrite } from '../../../db/client.ts';
import type { fastagTransactions } from '../../../db/schema/index.ts';

/**
 * What a recharge, a toll or a top-up writes besides its ledger entries. Each is a write that goes to the
 * database in the same statement as the entries (ADR 177), while the movement's accounts are locked.
 */

export type TxnInsert = Omit<typeof fastagTransactions.$inferInsert, 'seq'>;

/** The columns a transaction row is written with, in the statement's order, and how each is read off a row. */
const TXN_COLUMNS: Array<[column: string, type: string, pick: (r: TxnInsert) => unknown]> = [
  ['id', 'text', (r) => r.id],
  ['event_id', 'text', (r) => r.eventId ?? null],
  ['operator_id', 'text', (r) => r.operatorId],
  ['tag_id', 'text', (r) => r.tagId],
  ['vehicle_id', 'text', (r) => r.vehicleId],
  ['kind', 'text', (r) => r.kind],
  ['txn_type', 'text', (r) => r.txnType],
  ['status', 'text', (r) => r.status],
  ['amount_paisa', 'bigint', (r) => r.amountPaisa],
  ['opening_balance_paisa', 'bigint', (r) => r.openingBalancePaisa],
  ['closing_balance_paisa', 'bigint', (r) => r.closingBalancePaisa],
  ['plaza', 'text', (r) => r.plaza ?? null],
  ['plaza_code', 'text', (r) => r.plazaCode ?? null],
  ['lane_direction', 'text', (r) => r.laneDirection ?? null],
  ['vehicle_class', 'int', (r) => r.vehicleClass ?? null],
  ['entry_id', 'text', (r) => r.entryId ?? null],
  ['failure_reason', 'text', (r) => r.failureReason ?? null],
  ['occurred_at', 'timestamptz', (r) => toTimestamp(r.occurredAt)],
];

/**
 * Every recharge, toll and top-up writes its rows here: one named statement (ADR 176) with one array per
 * column, so its text is the same for one row or five hundred, and it can go alongside the entries (ADR 177).
 */
export function txnsWrite(rows: TxnInsert[]): NamedWrite {
  const names = TXN_COLUMNS.map(([column]) => column).join(', ');
  return {
    name: 'fastag-insert-txns',
    text: (at) => sql`INSERT INTO fastag_transactions (${sql.raw(names)})
      SELECT ${sql.raw(TXN_COLUMNS.map(([column]) => `x.${column}`).join(', '))}
      FROM unnest(${sql.join(
        TXN_COLUMNS.map(([column, type]) => sql`${at(column)}::${sql.raw(type)}[]`),
        sql`, `,
      )}) WITH ORDINALITY AS x(${sql.raw(names)}, n)
      ORDER BY x.n`,
    values: Object.fromEntries(TXN_COLUMNS.map(([column, , pick]) => [column, rows.map(pick)])),
  };
}

const toTimestamp = (at: Date | string) => (at instanceof Date ? at.toISOString() : at);

/** The tags' last toll, as a write that can go alongside a batch's entries (ADR 177). */
export function lastTollsWrite(tolls: Array<{ tagId: string; plaza: string; at: Date }>): NamedWrite {
  return {
    name: 'fastag-last-tolls',
    // `f.tag_id = ANY(…)` beside the join: the tags are found through their key, not by a scan (ADR 181)
    text: (at) => sql`
    UPDATE fastags f SET last_toll_name = u.plaza, last_toll_at = u.at
    FROM unnest(${at('tagIds')}::text[], ${at('plazas')}::text[], ${at('times')}::timestamptz[]) AS u(tag_id, plaza, at)
    WHERE f.tag_id = u.tag_id AND f.tag_id = ANY(${at('tagIds')}::text[]) AND (f.last_toll_at IS NULL OR f.last_toll_at < u.at)`,
    values: {
      tagIds: tolls.map((t) => t.tagId),
      plazas: tolls.map((t) => t.plaza),
      times: tolls.map((t) => t.at.toISOString()),
    },
  };
}
