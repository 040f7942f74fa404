import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../../db/client.ts';
import { fastagTransactions, supportTickets, vehicles } from '../../../db/schema/index.ts';
import { PAGE_MARK_STRIDE } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

// A tag's transactions: one row, the pages of a vehicle's list and their marks, totals and statements.
export async function findTxn(db: Db, scope: { id: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({
      id: fastagTransactions.id,
      kind: fastagTransactions.kind,
      status: fastagTransactions.status,
      txnType: fastagTransactions.txnType,
      amountPaisa: fastagTransactions.amountPaisa,
      plaza: fastagTransactions.plaza,
      plazaCode: fastagTransactions.plazaCode,
      occurredAt: fastagTransactions.occurredAt,
      tagId: fastagTransactions.tagId,
      vehicleNumber: vehicles.number,
    })
    .from(fastagTransactions)
    .innerJoin(vehicles, eq(vehicles.id, fastagTransactions.vehicleId))
    .where(and(eq(fastagTransactions.id, scope.id), eq(fastagTransactions.operatorId, scope.operatorId)))
    .limit(1);
  return row;
}

export interface TxnFilter {
  operatorId: OperatorId;
  vehicleId?: string;
  txnType?: 'DEBIT' | 'CREDIT';
  from: Date;
  to: Date;
}

/** Only applied rows: a declined toll moved no money and is kept for the audit trail, not the lists. */
function txnWhere(f: TxnFilter | TxnPlaceholders) {
  return and(
    eq(fastagTransactions.operatorId, f.operatorId),
    f.vehicleId ? eq(fastagTransactions.vehicleId, f.vehicleId) : undefined,
    f.txnType ? eq(fastagTransactions.txnType, f.txnType) : undefined,
    eq(fastagTransactions.status, 'SUCCESS'),
    gte(fastagTransactions.occurredAt, f.from),
    lt(fastagTransactions.occurredAt, f.to),
  );
}

/** The same filter with placeholders where a prepared statement takes the request's values (ADR 186). */
interface TxnPlaceholders {
  operatorId: Placeholder;
  vehicleId?: Placeholder;
  txnType?: Placeholder;
  from: Placeholder;
  to: Placeholder;
}

const openTickets = sql<number>`(SELECT count(*) FROM ${supportTickets} WHERE ${supportTickets.referenceType} = 'FASTAG_TXN'
  AND ${supportTickets.referenceId} = ${fastagTransactions.id} AND ${supportTickets.operatorId} = ${fastagTransactions.operatorId} AND ${supportTickets.status} IN ('OPEN', 'IN_PROGRESS'))`.mapWith(
  Number,
);

const txnColumns = {
  seq: fastagTransactions.seq,
  txnId: fastagTransactions.id,
  vehicleId: fastagTransactions.vehicleId,
  vehicleNumber: vehicles.number,
  kind: fastagTransactions.kind,
  type: fastagTransactions.txnType,
  amountPaisa: fastagTransactions.amountPaisa,
  openingPaisa: fastagTransactions.openingBalancePaisa,
  closingPaisa: fastagTransactions.closingBalancePaisa,
  plaza: fastagTransactions.plaza,
  occurredAt: fastagTransactions.occurredAt,
};

/** A row's place in the list order, exact to the microsecond (a JS Date would round it). */
export interface TxnMark {
  at: string;
  seq: number;
}

/**
 * A page of applied rows, newest first. The rows a deep page skips are walked in the covering index only, from a
 * page mark when there is one (ADRs 154, 172); just the page's rows are read in full. One statement is built per
 * shape of filter (vehicle or not, direction or not, from a mark or not) and then only executed (ADR 186).
 */
export async function listTxns(db: Db, filter: TxnFilter, page: { limit: number; offset: number; from?: TxnMark }) {
  const shape = { vehicle: filter.vehicleId !== undefined, type: filter.txnType !== undefined, seek: page.from !== undefined };
  const name = `fastag-txns${shape.vehicle ? '-vehicle' : ''}${shape.type ? '-type' : ''}${shape.seek ? '-from' : ''}`;
  const statement = preparedOnce(db, name, () => {
    const p = sql.placeholder;
    const where = txnWhere({
      operatorId: p('operatorId'),
      vehicleId: shape.vehicle ? p('vehicleId') : undefined,
      txnType: shape.type ? p('txnType') : undefined,
      from: p('from'),
      to: p('to'),
    });
    const seek = shape.seek
      ? sql`(${fastagTransactions.occurredAt}, ${fastagTransactions.seq}) <= (${p('markAt')}::timestamptz, ${p('markSeq')})`
      : undefined;
    const pageIds = db
      .select({ id: fastagTransactions.id })
      .from(fastagTransactions)
      .where(and(where, seek))
      .orderBy(desc(fastagTransactions.occurredAt), desc(fastagTransactions.seq))
      .limit(p('limit'))
      .offset(p('offset'));
    return db
      .select({ ...txnColumns, ticket: openTickets })
      .from(fastagTransactions)
      .innerJoin(vehicles, eq(vehicles.id, fastagTransactions.vehicleId))
      .where(inArray(fastagTransactions.id, pageIds))
      .orderBy(desc(fastagTransactions.occurredAt), desc(fastagTransactions.seq))
      .prepare(name);
  });
  return statement.execute({
    operatorId: filter.operatorId,
    vehicleId: filter.vehicleId,
    txnType: filter.txnType,
    from: filter.from.toISOString(),
    to: filter.to.toISOString(),
    markAt: page.from?.at,
    markSeq: page.from?.seq,
    limit: page.limit,
    offset: page.offset,
  });
}

/** Every PAGE_MARK_STRIDE-th row of a vehicle's list, in one pass of the covering index (ADR 172). */
export async function txnMarks(db: Db, filter: TxnFilter): Promise<TxnMark[]> {
  const numbered = db
    .select({
      at: sql<string>`${fastagTransactions.occurredAt}::text`.as('at'),
      seq: fastagTransactions.seq,
      n: sql<number>`row_number() OVER (ORDER BY ${fastagTransactions.occurredAt} DESC, ${fastagTransactions.seq} DESC)`.as('n'),
    })
    .from(fastagTransactions)
    .where(txnWhere(filter))
    .as('numbered');
  const rows = await db
    .select({ at: numbered.at, seq: numbered.seq })
    .from(numbered)
    .where(and(sql`${numbered.n} % ${PAGE_MARK_STRIDE} = 1`, gt(numbered.n, 1)))
    .orderBy(numbered.n);
  return rows.map((r) => ({ at: r.at, seq: Number(r.seq) }));
}

/**
 * Whether the operator has a tag on the vehicle, and the vehicle's newest applied row (its seq, or 0): a cached
 * total stays valid while this does not move. One statement, so a list's check and probe cost one round trip.
 */
export async function vehicleTagAndNewestSeq(db: Db, scope: { operatorId: OperatorId; vehicleId: string }) {
  const statement = preparedOnce(db, 'fastag-vehicle-tag-newest', () => {
    const vehicle = sql.placeholder('vehicleId');
    const operator = sql.placeholder('operatorId');
    return db
      .select({
        tagged: sql<boolean>`EXISTS (SELECT 1 FROM fastags f WHERE f.vehicle_id = ${vehicle} AND f.operator_id = ${operator})`,
        seq: sql<string | number | null>`(SELECT t.seq FROM fastag_transactions t WHERE t.operator_id = ${operator}
          AND t.vehicle_id = ${vehicle} AND t.status = 'SUCCESS' ORDER BY t.seq DESC LIMIT 1)`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare('fastag-vehicle-tag-newest');
  });
  const [row] = await statement.execute({ operatorId: scope.operatorId, vehicleId: scope.vehicleId });
  return { tagged: row?.tagged === true, seq: Number(row?.seq ?? 0) };
}

/** Count and totals per direction, in paisa. */
export async function summariseTxns(db: Db, filter: Omit<TxnFilter, 'txnType'>) {
  const rows = await db
    .select({
      type: fastagTransactions.txnType,
      n: count(),
      total: sql<number>`coalesce(sum(${fastagTransactions.amountPaisa}), 0)`.mapWith(Number),
    })
    .from(fastagTransactions)
    .where(txnWhere(filter))
    .groupBy(fastagTransactions.txnType);
  const of = (t: 'DEBIT' | 'CREDIT') => rows.find((r) => r.type === t) ?? { n: 0, total: 0 };
  return { debit: of('DEBIT'), credit: of('CREDIT') };
}

/** Keyset page for statements: oldest first, after (occurredAt, seq). */
export async function statementTxns(db: Db, filter: TxnFilter, after: { at: Date; seq: number } | null, limit: number) {
  return db
    .select(txnColumns)
    .from(fastagTransactions)
    .innerJoin(vehicles, eq(vehicles.id, fastagTransactions.vehicleId))
    .where(
      and(
        txnWhere(filter),
        after
          ? or(
              gt(fastagTransactions.occurredAt, after.at),
              and(eq(fastagTransactions.occurredAt, after.at), gt(fastagTransactions.seq, after.seq)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(fastagTransactions.occurredAt), asc(fastagTransactions.seq))
    .limit(limit);
}

/** Sum over the operator's tags (or one vehicle's) of each tag's balance after its last applied row before `at`. */
export async function tagBalancesBefore(db: Db, scope: { operatorId: OperatorId; vehicleId?: string }, at: Date) {
  const last = db
    .selectDistinctOn([fastagTransactions.tagId], { closing: fastagTransactions.closingBalancePaisa })
    .from(fastagTransactions)
    .where(
      and(
        eq(fastagTransactions.operatorId, scope.operatorId),
        scope.vehicleId ? eq(fastagTransactions.vehicleId, scope.vehicleId) : undefined,
        eq(fastagTransactions.status, 'SUCCESS'),
        lt(fastagTransactions.occurredAt, at),
      ),
    )
    .orderBy(fastagTransactions.tagId, desc(fastagTransactions.occurredAt), desc(fastagTransactions.seq))
    .as('last');
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${last.closing}), 0)`.mapWith(Number) }).from(last);
  return row?.total ?? 0;
}
