import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Db, executePrepared, executeWrite, type NamedWrite } from '../../../db/client.ts';
import { idempotencyKeys, journalEntries, ledgerAccounts, postings } from '../../../db/schema/index.ts';
import { sha256 } from '../../../lib/crypto.ts';
import type { Memo } from '../../../lib/texts/memos.ts';

/** Where a statement written once (ADR 188) takes the value of `key`. */
const slot = (key: string) => sql.placeholder(key);

/** Creates the accounts that do not exist yet; answers the ids it created. */
export async function ensureAccounts(db: Db, rows: Array<{ id: string; kind: string; ownerId: string; allowNegative: boolean }>) {
  if (!rows.length) return [];
  const inserted = await db.insert(ledgerAccounts).values(rows).onConflictDoNothing().returning({ id: ledgerAccounts.id });
  return inserted.map((r) => r.id);
}

/**
 * Locks the accounts in the global lock order (ADR 180: operators' wallets first, then by id), so concurrent
 * entries over the same accounts cannot deadlock. Like every ledger statement that runs on every movement, it is
 * named (ADR 176) and written once (ADR 188): PostgreSQL plans it once per connection, and its text does not
 * depend on how many ids it carries (an array through `ANY`).
 */
export async function lockAccounts(db: Db, ids: string[]) {
  const rows = await executePrepared<{ id: string; balance: string | number; allow_negative: boolean }>(
    db,
    'ledger-lock-accounts',
    () =>
      sql`SELECT id, balance, allow_negative FROM ledger_accounts WHERE id = ANY(${slot('ids')}::text[]) ORDER BY kind <> 'OPERATOR_WALLET', id FOR UPDATE`,
    { ids },
  );
  return rows.map((r) => ({ id: r.id, balance: Number(r.balance), allowNegative: r.allow_negative }));
}

export interface EntryRow {
  id: string;
  kind: string;
  memo: string;
  memoData: Memo | null;
  referenceType: string | null;
  referenceId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date | null;
}

/**
 * Writes entries, their postings and the accounts' new balances in one statement (ADRs 158, 164):
 * the accounts are already locked by this transaction, so one round trip serves one entry or a batch.
 * Postings are numbered in the order given; each takes its entry's time. The movement's other writes
 * (`alongside`) ride in the same statement's WITH (ADR 177), so the locks are held for one round trip
 * and the commit. Parts of one statement cannot see each other's rows: none of them may read another.
 * Each array is one parameter (both drivers send a JS array as a PostgreSQL array, for `unnest`), so the
 * statement's text depends only on which writes go with it, and is written once for each such set (ADR 188).
 */
export async function writeEntries(
  db: Db,
  entries: EntryRow[],
  rows: Array<{ entryId: string; accountId: string; amount: number; balanceAfter: number }>,
  balances: Array<{ id: string; balance: number }>,
  alongside: NamedWrite[] = [],
) {
  const values: Record<string, unknown> = {
    entryIds: entries.map((e) => e.id),
    kinds: entries.map((e) => e.kind),
    memos: entries.map((e) => e.memo),
    memoData: entries.map((e) => (e.memoData ? JSON.stringify(e.memoData) : null)),
    referenceTypes: entries.map((e) => e.referenceType),
    referenceIds: entries.map((e) => e.referenceId),
    metadata: entries.map((e) => JSON.stringify(e.metadata)),
    createdAt: entries.map((e) => e.createdAt?.toISOString() ?? null),
    postingEntryIds: rows.map((r) => r.entryId),
    postingAccountIds: rows.map((r) => r.accountId),
    amounts: rows.map((r) => r.amount),
    balancesAfter: rows.map((r) => r.balanceAfter),
    accountIds: balances.map((b) => b.id),
    balances: balances.map((b) => b.balance),
  };
  alongside.forEach((write, i) => {
    for (const key in write.values) values[`w${i}.${key}`] = write.values[key];
  });
  await executePrepared(
    db,
    statementName(['ledger-write-entries', ...alongside.map((w) => w.name)].join('+')),
    () => entriesStatement(alongside),
    values,
  );
}

function entriesStatement(alongside: NamedWrite[]) {
  const parts = alongside.map((w, i) => sql`, ${sql.raw(`w${i}`)} AS (${w.text((key) => slot(`w${i}.${key}`))})`);
  // the balances' UPDATE finds its rows through the primary key, whatever the plan guessed of unnest (ADR 181)
  return sql`
    WITH e AS (
      INSERT INTO journal_entries (id, kind, memo, memo_data, reference_type, reference_id, metadata, created_at)
      SELECT x.id, x.kind, x.memo, x.memo_data, x.reference_type, x.reference_id, x.metadata, coalesce(x.created_at, now())
      FROM unnest(${slot('entryIds')}::text[], ${slot('kinds')}::text[], ${slot('memos')}::text[], ${slot('memoData')}::jsonb[],
        ${slot('referenceTypes')}::text[], ${slot('referenceIds')}::text[], ${slot('metadata')}::jsonb[], ${slot('createdAt')}::timestamptz[])
        AS x(id, kind, memo, memo_data, reference_type, reference_id, metadata, created_at)
      RETURNING id, created_at
    ), p AS (
      INSERT INTO postings (entry_id, account_id, amount, balance_after, created_at)
      SELECT l.entry_id, l.account_id, l.amount, l.balance_after, e.created_at
      FROM unnest(${slot('postingEntryIds')}::text[], ${slot('postingAccountIds')}::text[], ${slot('amounts')}::bigint[],
        ${slot('balancesAfter')}::bigint[])
        WITH ORDINALITY AS l(entry_id, account_id, amount, balance_after, n)
      JOIN e ON e.id = l.entry_id
      ORDER BY l.n
      RETURNING 1
    )${sql.join(parts)}
    UPDATE ledger_accounts a SET balance = b.balance
    FROM unnest(${slot('accountIds')}::text[], ${slot('balances')}::bigint[]) AS b(id, balance)
    WHERE a.id = b.id AND a.id = ANY(${slot('accountIds')}::text[])`;
}

/** PostgreSQL keeps 63 bytes of a statement's name: a longer one is shortened to a prefix and its digest. */
const statementName = (name: string) => (name.length <= 63 ? name : `${name.slice(0, 30)}#${sha256(name).slice(0, 32)}`);

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
  memoData: journalEntries.memoData,
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
  const found = await claimIdempotencyKeys(db, { scope: row.scope, rows: [row] });
  return found.get(row.key);
}

/**
 * Claims many keys of one scope in one statement, in key order (two batches sharing keys then wait
 * for each other in one order, never crosswise). Answers the keys that were already there, with
 * their request hash and stored response; every other key is now held by this transaction.
 */
export async function claimIdempotencyKeys(db: Db, { scope, rows }: { scope: string; rows: Array<{ key: string; requestHash: string }> }) {
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const inserted = sorted.length
    ? await executePrepared<{ key: string }>(
        db,
        'ledger-claim-idempotency-keys',
        () => sql`INSERT INTO idempotency_keys (scope, key, request_hash)
          SELECT ${slot('scope')}::text, x.key, x.request_hash
          FROM unnest(${slot('keys')}::text[], ${slot('hashes')}::text[]) WITH ORDINALITY AS x(key, request_hash, n)
          ORDER BY x.n
          ON CONFLICT DO NOTHING
          RETURNING key`,
        { scope, keys: sorted.map((r) => r.key), hashes: sorted.map((r) => r.requestHash) },
      )
    : [];
  const fresh = new Set(inserted.map((r) => r.key));
  const taken = sorted.filter((r) => !fresh.has(r.key)).map((r) => r.key);
  const existing = new Map<string, { requestHash: string; response: unknown }>();
  if (!taken.length) return existing;
  const found = await db
    .select({ key: idempotencyKeys.key, requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), inArray(idempotencyKeys.key, taken)));
  for (const r of found) existing.set(r.key, { requestHash: r.requestHash, response: r.response });
  return existing;
}

export async function storeIdempotentResponse(db: Db, claimed: { scope: string; key: string; requestHash: string }, response: unknown) {
  await storeIdempotentResponses(db, claimed.scope, [{ key: claimed.key, requestHash: claimed.requestHash, response }]);
}

/** A claimed key's answer: the key and request hash it was claimed with, and the response to store. */
export interface IdempotentAnswer {
  key: string;
  requestHash: string;
  response: unknown;
}

/** Stores the answers of keys this transaction claimed, in one statement. */
export async function storeIdempotentResponses(db: Db, scope: string, answers: IdempotentAnswer[]) {
  if (answers.length) await executeWrite(db, idempotentAnswers(scope, answers));
}

/**
 * The write that stores answers of claimed keys, to run on its own or alongside a movement's entries. It is an
 * upsert on the primary key, though every key is already there: each row is found through the key by
 * construction, where an UPDATE joined to the list was planned once, on a young table, as a scan of every key
 * of the scope (ADR 181). The request hash is the one the key was claimed with, so the row is unchanged but
 * for its answer.
 */
export function idempotentAnswers(scope: string, answers: IdempotentAnswer[]): NamedWrite {
  return {
    name: 'ledger-store-idempotent-responses',
    text: (at) => sql`
    INSERT INTO idempotency_keys (scope, key, request_hash, response)
    SELECT ${at('scope')}::text, a.key, a.request_hash, a.response
    FROM unnest(${at('keys')}::text[], ${at('hashes')}::text[], ${at('responses')}::jsonb[]) AS a(key, request_hash, response)
    ON CONFLICT (scope, key) DO UPDATE SET response = EXCLUDED.response`,
    values: {
      scope,
      keys: answers.map((a) => a.key),
      hashes: answers.map((a) => a.requestHash),
      responses: answers.map((a) => JSON.stringify(a.response ?? null)),
    },
  };
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
