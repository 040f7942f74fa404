import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys, journalEntries, ledgerAccounts, postings } from '../../db/schema/index.ts';

/** Creates the accounts that do not exist yet; answers the ids it created. */
export async function ensureAccounts(db: Db, rows: Array<{ id: string; kind: string; ownerId: string; allowNegative: boolean }>) {
  if (!rows.length) return [];
  const inserted = await db.insert(ledgerAccounts).values(rows).onConflictDoNothing().returning({ id: ledgerAccounts.id });
  return inserted.map((r) => r.id);
}

/** Locks the accounts in id order, so concurrent entries over the same accounts cannot deadlock. */
export async function lockAccounts(db: Db, ids: string[]) {
  return db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, allowNegative: ledgerAccounts.allowNegative })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

export async function setBalance(db: Db, { id, balance }: { id: string; balance: number }) {
  await db.update(ledgerAccounts).set({ balance }).where(eq(ledgerAccounts.id, id));
}

export async function insertEntry(db: Db, row: typeof journalEntries.$inferInsert) {
  await db.insert(journalEntries).values(row);
}

export async function insertEntries(db: Db, rows: Array<typeof journalEntries.$inferInsert>) {
  if (rows.length) await db.insert(journalEntries).values(rows);
}

export async function insertPostings(db: Db, rows: Array<typeof postings.$inferInsert>) {
  await db.insert(postings).values(rows);
}

/**
 * Writes an entry, its postings and the new balances in one statement (ADR 158): the accounts are
 * already locked by this transaction, so one round trip replaces three.
 */
export async function writeEntry(
  db: Db,
  entry: {
    id: string;
    kind: string;
    memo: string;
    referenceType: string | null;
    referenceId: string | null;
    metadata: Record<string, unknown>;
    createdAt: Date | null;
  },
  rows: Array<{ accountId: string; amount: number; balanceAfter: number }>,
  balances: Array<{ id: string; balance: number }>,
) {
  const at = entry.createdAt ? entry.createdAt.toISOString() : null;
  const accountIds = `{${rows.map((r) => JSON.stringify(r.accountId)).join(',')}}`;
  const amounts = `{${rows.map((r) => r.amount).join(',')}}`;
  const after = `{${rows.map((r) => r.balanceAfter).join(',')}}`;
  const ids = `{${balances.map((b) => JSON.stringify(b.id)).join(',')}}`;
  const values = `{${balances.map((b) => b.balance).join(',')}}`;
  await db.execute(sql`
    WITH e AS (
      INSERT INTO journal_entries (id, kind, memo, reference_type, reference_id, metadata, created_at)
      VALUES (${entry.id}, ${entry.kind}, ${entry.memo}, ${entry.referenceType}, ${entry.referenceId}, ${JSON.stringify(entry.metadata)}::jsonb,
        coalesce(${at}::timestamptz, now()))
      RETURNING created_at
    ), p AS (
      INSERT INTO postings (entry_id, account_id, amount, balance_after, created_at)
      SELECT ${entry.id}, l.account_id, l.amount, l.balance_after, (SELECT created_at FROM e)
      FROM unnest(${accountIds}::text[], ${amounts}::bigint[], ${after}::bigint[]) WITH ORDINALITY AS l(account_id, amount, balance_after, n)
      ORDER BY l.n
      RETURNING 1
    )
    UPDATE ledger_accounts a SET balance = b.balance
    FROM unnest(${ids}::text[], ${values}::bigint[]) AS b(id, balance)
    WHERE a.id = b.id`);
}

/** The balance of an account split into shards: the sum of them all. */
export async function sumShardBalances(db: Db, { kind, ownerId }: { kind: string; ownerId: string }): Promise<number> {
  const rows = await rowsOf<{ total: string | number | null }>(
    db,
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
        WHERE kind = ${kind} AND (owner_id = ${ownerId} OR owner_id LIKE ${`${ownerId.replace(/[\\%_]/g, '\\$&')}~%`})`,
  );
  return Number(rows[0]?.total ?? 0);
}

export async function findBalance(db: Db, id: string) {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
  return row?.balance;
}

/** A posting with the entry it belongs to, as the passbooks and statements read it. */
const postingColumns = {
  id: postings.id,
  entryId: postings.entryId,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  createdAt: postings.createdAt,
  kind: journalEntries.kind,
  memo: journalEntries.memo,
  referenceType: journalEntries.referenceType,
  referenceId: journalEntries.referenceId,
};

export async function listAccountPostings(db: Db, { accountId, limit, offset }: { accountId: string; limit: number; offset: number }) {
  return db
    .select({ ...postingColumns, metadata: journalEntries.metadata })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(postings.accountId, accountId))
    .orderBy(desc(postings.id))
    .limit(limit)
    .offset(offset);
}

/** Closing balance of each account's last posting strictly before `at`; accounts without one are absent. */
export async function findBalancesBefore(db: Db, { accountIds, at }: { accountIds: string[]; at: Date }): Promise<Map<string, number>> {
  const rows = await db
    .selectDistinctOn([postings.accountId], { accountId: postings.accountId, balanceAfter: postings.balanceAfter })
    .from(postings)
    .where(and(inArray(postings.accountId, accountIds), lt(postings.createdAt, at)))
    .orderBy(postings.accountId, desc(postings.createdAt), desc(postings.id));
  return new Map(rows.map((r) => [r.accountId, r.balanceAfter]));
}

/** Keyset page of an account's postings in [from, to], oldest first. */
export async function listAccountPostingsBetween(
  db: Db,
  { accountId, range, page }: { accountId: string; range: { from: Date; to: Date }; page: { afterId: number; limit: number } },
) {
  return db
    .select(postingColumns)
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(postings.accountId, accountId),
        gte(postings.createdAt, range.from),
        lt(postings.createdAt, range.to),
        gt(postings.id, page.afterId),
      ),
    )
    .orderBy(asc(postings.id))
    .limit(page.limit);
}

/** Claims a key; returns undefined when the key was new (and is now held by this transaction). */
export async function claimIdempotencyKey(db: Db, row: { scope: string; key: string; requestHash: string }) {
  const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (inserted.length) return undefined;
  const [existing] = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, row.scope), eq(idempotencyKeys.key, row.key)))
    .limit(1);
  return existing;
}

export async function storeIdempotentResponse(db: Db, scope: string, key: string, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/** Raw SQL through either driver: both answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Entries whose postings do not sum to zero, and accounts whose balance differs from their postings. */
export async function findInconsistencies(db: Db) {
  const entries = await rowsOf<{ entry_id: string; total: string }>(
    db,
    sql`SELECT entry_id, sum(amount)::text AS total FROM postings GROUP BY entry_id HAVING sum(amount) <> 0`,
  );
  const accounts = await rowsOf<{ id: string; balance: string; posted: string }>(
    db,
    sql`
    SELECT a.id, a.balance::text AS balance, coalesce(sum(p.amount), 0)::text AS posted
    FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
    GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(p.amount), 0)`,
  );
  const empty = await rowsOf<{ id: string }>(
    db,
    sql`
    SELECT e.id FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id WHERE p.id IS NULL`,
  );
  return { unbalancedEntries: entries, mismatchedAccounts: accounts, entriesWithoutPostings: empty };
}
