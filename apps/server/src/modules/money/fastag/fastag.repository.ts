import { and, asc, count, eq, gt, gte, ilike, inArray, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../../db/client.ts';
import { fastags, ledgerAccounts, supportTickets, vehicles } from '../../../db/schema/index.ts';
import { PAGE_MARK_STRIDE } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export * from './fastag-txns.repository.ts';

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

/** A tag's row by its id, and when `withOperator`, only on that operator's account (built once, ADR 188). */
async function selectTag(db: Db, tagId: string, operatorId?: OperatorId) {
  const withOperator = operatorId !== undefined;
  const name = withOperator ? 'fastag-tag-of-operator' : 'fastag-tag';
  const statement = preparedOnce(db, name, () =>
    db
      .select(tagColumns)
      .from(fastags)
      .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
      .leftJoin(ledgerAccounts, tagAccountJoin)
      .where(
        and(eq(fastags.tagId, sql.placeholder('tagId')), withOperator ? eq(fastags.operatorId, sql.placeholder('operatorId')) : undefined),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ tagId, operatorId });
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
  const statement = preparedOnce(db, 'fastag-issued-tags', () =>
    db
      .select(tagColumns)
      .from(fastags)
      .innerJoin(vehicles, eq(vehicles.id, fastags.vehicleId))
      .leftJoin(ledgerAccounts, tagAccountJoin)
      .where(sql`${fastags.tagId} = ANY(${sql.placeholder('tagIds')}::text[])`)
      .prepare('fastag-issued-tags'),
  );
  return statement.execute({ tagIds });
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

export async function insertTicket(db: Db, row: typeof supportTickets.$inferInsert) {
  const inserted = await db.insert(supportTickets).values(row).onConflictDoNothing().returning({ id: supportTickets.id });
  return inserted[0];
}

export async function findOpenTicket(db: Db, { operatorId, referenceId }: { operatorId: OperatorId; referenceId: string }) {
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.operatorId, operatorId),
        eq(supportTickets.referenceType, 'FASTAG_TXN'),
        eq(supportTickets.referenceId, referenceId),
        sql`${supportTickets.status} IN ('OPEN', 'IN_PROGRESS')`,
      ),
    )
    .limit(1);
  return row;
}

export async function countOpenTickets(db: Db, { operatorId, referenceId }: { operatorId: OperatorId; referenceId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.operatorId, operatorId),
        eq(supportTickets.referenceType, 'FASTAG_TXN'),
        eq(supportTickets.referenceId, referenceId),
        sql`${supportTickets.status} IN ('OPEN', 'IN_PROGRESS')`,
      ),
    );
  return row?.n ?? 0;
}
