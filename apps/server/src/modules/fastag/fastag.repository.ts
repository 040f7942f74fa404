import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../db/client.ts';
import { fastags, fastagTransactions, ledgerAccounts, tickets, vehicles } from '../../db/schema/index.ts';
import { PAGE_MARK_STRIDE } from '../../lib/page-marks.ts';
import type { OperatorId } from '../../lib/tenancy.ts';

const tagBalance = sql<number | null>`${ledgerAccounts.balance}`.mapWith(Number);
const tagAccountJoin = eq(ledgerAccounts.id, sql`'FASTAG:' || ${fastags.tagId}`);

const tagColumns = {
  tagId: fastags.tagId,
  operatorId: fastags.operatorId,
  vehicleId: fastags.vehicleId,
  vehicleNumber: vehicles.number,
  tagClass: fastags.tagClass,
  barcode: fastags.barcode,
  autoRecharge: fastags.autoRecharge,
  minBalancePaisa: fastags.minBalancePaisa,
  rechargeAmountPaisa: fastags.rechargeAmountPaisa,
  status: fastags.status,
  lastTollName: fastags.lastTollName,
  lastTollAt: fastags.lastTollAt,
  balance: tagBalance,
};

// A tag is listed on its operator's own vehicle: saying so lets the first page walk the operator's vehicles in
// number order (vehicles_operator) and stop after a page, instead of sorting the whole fleet (ADR 154).
function searchFilter(operatorId: OperatorId | Placeholder, search: string | Placeholder | undefined) {
  return and(
    eq(fastags.operatorId, operatorId),
    eq(vehicles.operatorId, operatorId),
    search ? ilike(vehicles.number, typeof search === 'string' ? `%${search}%` : search) : undefined,
  );
}

/**
 * A page of the operator's tagged vehicles by registration number; `search` is upper-case letters and digits.
 * `from` is a page mark (ADR 172): the page starts at that number and skips `offset` rows after it. One
 * statement per shape (searched or not, from a mark or not), built once and then only executed (ADR 186).
 */
export async function listTags(
  db: Db,
  scope: { operatorId: OperatorId; search?: string },
  page: { limit: number; offset: number; from?: string },
) {
  const search = Boolean(scope.search);
  const seek = page.from !== undefined;
  const name = `fastag-tags${search ? '-search' : ''}${seek ? '-from' : ''}`;
  const statement = preparedOnce(db, name, () => {
    const p = sql.placeholder;
    // the rows a deep page skips are found without their balances; only the page's rows join the ledger
    const pageTags = db
      .select({ tagId: fastags.tagId })
      .from(fastags)
      .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
      .where(and(searchFilter(p('operatorId'), search ? p('pattern') : undefined), seek ? gte(vehicles.number, p('from')) : undefined))
      .orderBy(asc(vehicles.number))
      .limit(p('limit'))
      .offset(p('offset'));
    return db
      .select(tagColumns)
      .from(fastags)
      .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
      .leftJoin(ledgerAccounts, tagAccountJoin)
      .where(inArray(fastags.tagId, pageTags))
      .orderBy(asc(vehicles.number))
      .prepare(name);
  });
  return statement.execute({
    operatorId: scope.operatorId,
    pattern: `%${scope.search ?? ''}%`,
    from: page.from,
    limit: page.limit,
    offset: page.offset,
  });
}

export async function countTags(db: Db, scope: { operatorId: OperatorId; search?: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .where(searchFilter(scope.operatorId, scope.search));
  return row?.n ?? 0;
}

/** The count of the operator's tagged vehicles and the number of every PAGE_MARK_STRIDE-th one (ADR 172). */
export async function countTagsWithMarks(db: Db, scope: { operatorId: OperatorId }) {
  const numbered = db
    .select({ number: vehicles.number, n: sql<number>`row_number() OVER (ORDER BY ${vehicles.number})`.as('n') })
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .where(searchFilter(scope.operatorId, undefined))
    .as('numbered');
  const [total, marks] = await Promise.all([
    countTags(db, scope),
    db
      .select({ number: numbered.number })
      .from(numbered)
      .where(and(sql`${numbered.n} % ${PAGE_MARK_STRIDE} = 1`, gt(numbered.n, 1)))
      .orderBy(numbered.n),
  ]);
  return { total, marks: { stride: PAGE_MARK_STRIDE, keys: marks.map((m) => m.number) } };
}

async function selectTag(db: Db, tagId: string, operatorId?: OperatorId) {
  const [row] = await db
    .select(tagColumns)
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .leftJoin(ledgerAccounts, tagAccountJoin)
    .where(and(eq(fastags.tagId, tagId), operatorId !== undefined ? eq(fastags.operatorId, operatorId) : undefined))
    .limit(1);
  return row;
}

/** One of this operator's tags by its id. */
export async function findTag(db: Db, scope: { tagId: string; operatorId: OperatorId }) {
  return selectTag(db, scope.tagId, scope.operatorId);
}

/** A tag by its id alone: for the issuer's signed webhook, which speaks of tags, not operators. */
export async function findIssuedTag(db: Db, tagId: string) {
  return selectTag(db, tagId);
}

export async function findTagByVehicle(db: Db, scope: { vehicleId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select(tagColumns)
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .leftJoin(ledgerAccounts, tagAccountJoin)
    .where(and(eq(fastags.vehicleId, scope.vehicleId), eq(fastags.operatorId, scope.operatorId)))
    .limit(1);
  return row;
}

export async function listTagIds(db: Db, operatorId: OperatorId) {
  const rows = await db.select({ tagId: fastags.tagId }).from(fastags).where(eq(fastags.operatorId, operatorId));
  return rows.map((r) => r.tagId);
}

export async function updateTagSettings(
  db: Db,
  { operatorId, tagId, set }: { operatorId: OperatorId; tagId: string; set: { autoRecharge: boolean; minBalancePaisa?: number } },
) {
  const [row] = await db
    .update(fastags)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(fastags.tagId, tagId), eq(fastags.operatorId, operatorId)))
    .returning({ autoRecharge: fastags.autoRecharge, minBalancePaisa: fastags.minBalancePaisa });
  return row!;
}

/** Keeps the newest crossing only: events may arrive out of order. */
/** Tags by their ids alone (the issuer's toll batches), with their vehicles. */
export async function findIssuedTags(db: Db, tagIds: string[]) {
  if (!tagIds.length) return [];
  return db
    .select(tagColumns)
    .from(fastags)
    .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
    .leftJoin(ledgerAccounts, tagAccountJoin)
    .where(inArray(fastags.tagId, tagIds));
}

/**
 * Claims the right to alert the owners of these tags about their balance (ADR 183): a tag whose owner was not
 * alerted within the quiet period is stamped now and answered as claimed, in one statement, so of several
 * processes alerting about one tag at once exactly one wins. Every tag is answered with the time of its last
 * alert before this one (a refused tag's is another process's alert, still within the period).
 */
export async function claimBalanceAlerts(db: Db, tagIds: string[], quietSeconds: number) {
  if (!tagIds.length) return [];
  const ids = sql.param(tagIds);
  const result = (await db.execute(sql`
    WITH claimed AS (
      UPDATE fastags SET balance_alert_at = now()
      WHERE tag_id = ANY(${ids}::text[])
        AND (balance_alert_at IS NULL OR balance_alert_at <= now() - make_interval(secs => ${quietSeconds}))
      RETURNING tag_id
    )
    SELECT f.tag_id, f.balance_alert_at, c.tag_id IS NOT NULL AS claimed
    FROM fastags f LEFT JOIN claimed c ON c.tag_id = f.tag_id
    WHERE f.tag_id = ANY(${ids}::text[])`)) as unknown as {
    rows: Array<{ tag_id: string; balance_alert_at: Date | string | null; claimed: boolean }>;
  };
  return result.rows.map((r) => ({
    tagId: r.tag_id,
    claimed: r.claimed === true,
    lastAlertAt: r.balance_alert_at === null ? null : new Date(r.balance_alert_at),
  }));
}

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

const openTickets = sql<number>`(SELECT count(*) FROM ${tickets} WHERE ${tickets.referenceType} = 'FASTAG_TXN'
  AND ${tickets.referenceId} = ${fastagTransactions.id} AND ${tickets.status} IN ('OPEN', 'IN_PROGRESS'))`.mapWith(Number);

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

export async function insertTicket(db: Db, row: typeof tickets.$inferInsert) {
  const inserted = await db.insert(tickets).values(row).onConflictDoNothing().returning({ id: tickets.id });
  return inserted[0];
}

export async function findOpenTicket(db: Db, referenceId: string) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(eq(tickets.referenceType, 'FASTAG_TXN'), eq(tickets.referenceId, referenceId), sql`${tickets.status} IN ('OPEN', 'IN_PROGRESS')`),
    )
    .limit(1);
  return row;
}

export async function countOpenTickets(db: Db, referenceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(
      and(eq(tickets.referenceType, 'FASTAG_TXN'), eq(tickets.referenceId, referenceId), sql`${tickets.status} IN ('OPEN', 'IN_PROGRESS')`),
    );
  return row?.n ?? 0;
}
