import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operators, users } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/** Raw SQL through either driver: both answer `{ rows }`; bigints come back as text and are mapped here. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface PassbookDbRow {
  id: string;
  at: Date;
  description: string;
  /** the memo as data (ADR 275), null on entries written before it */
  memoData: unknown;
  amount: number;
  balanceAfter: number | null;
  status: 'SUCCESS' | 'PENDING' | 'FAILURE';
  statusRemarks: string | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The wallet's passbook: its ledger postings (money that moved) merged with top-up orders that are
 * still pending or failed (money that did not move), newest first.
 */
export async function listPassbook(
  db: Db,
  scope: { operatorId: OperatorId; accountId: string; from: Date; to: Date; topUpDescription: string },
  page: { limit: number; offset: number },
): Promise<PassbookDbRow[]> {
  const rows = await rowsOf<{
    id: string;
    at: Date | string;
    description: string;
    memo_data: unknown;
    amount: string;
    balance_after: string | null;
    status: PassbookDbRow['status'];
    status_remarks: string | null;
  }>(
    db,
    sql`
    SELECT id, at, description, memo_data, amount, balance_after, status, status_remarks FROM (
      SELECT 'P' || p.id::text AS id, p.created_at AS at, e.memo AS description, e.memo_data, p.amount::text AS amount,
             p.balance_after::text AS balance_after, 'SUCCESS' AS status, NULL::text AS status_remarks, p.id AS seq
      FROM postings p JOIN journal_entries e ON e.id = p.entry_id
      WHERE p.account_id = ${scope.accountId} AND p.created_at >= ${scope.from} AND p.created_at < ${scope.to}
      UNION ALL
      SELECT o.id, o.created_at, ${scope.topUpDescription}, '{"kind":"walletTopUp","params":{}}'::jsonb, o.amount_paisa::text, NULL, o.status, o.status_remarks, 0
      FROM payment_orders o
      WHERE o.purpose = 'WALLET_TOPUP' AND o.payer_type = 'OPERATOR' AND o.payer_id = ${scope.operatorId}
        AND o.status IN ('PENDING', 'FAILURE') AND o.created_at >= ${scope.from} AND o.created_at < ${scope.to}
    ) x
    ORDER BY at DESC, seq DESC, id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    at: toDate(r.at),
    description: r.description,
    memoData: r.memo_data,
    amount: Number(r.amount),
    balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
    status: r.status,
    statusRemarks: r.status_remarks,
  }));
}

export async function countPassbook(db: Db, scope: { operatorId: OperatorId; accountId: string; from: Date; to: Date }): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`
    SELECT (
      (SELECT count(*) FROM postings p WHERE p.account_id = ${scope.accountId} AND p.created_at >= ${scope.from} AND p.created_at < ${scope.to})
      + (SELECT count(*) FROM payment_orders o
         WHERE o.purpose = 'WALLET_TOPUP' AND o.payer_type = 'OPERATOR' AND o.payer_id = ${scope.operatorId}
           AND o.status IN ('PENDING', 'FAILURE') AND o.created_at >= ${scope.from} AND o.created_at < ${scope.to})
    )::text AS n`,
  );
  return Number(row?.n ?? 0);
}

/** Count and totals of an account's postings in a window, in paisa. */
export async function sumPostings(db: Db, { accountIds, from, to }: { accountIds: string[]; from: Date; to: Date }) {
  if (!accountIds.length) return { count: 0, debit: 0, credit: 0 };
  const [row] = await rowsOf<{ n: string; debit: string; credit: string }>(
    db,
    sql`
    SELECT count(*)::text AS n,
           coalesce(sum(-amount) FILTER (WHERE amount < 0), 0)::text AS debit,
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS credit
    FROM postings
    WHERE account_id IN ${accountIds} AND created_at >= ${from} AND created_at < ${to}`,
  );
  return { count: Number(row?.n ?? 0), debit: Number(row?.debit ?? 0), credit: Number(row?.credit ?? 0) };
}

export async function findOperator(db: Db, { operatorId }: { operatorId: OperatorId }) {
  const [row] = await db
    .select({ id: operators.id, name: operators.name, companyName: operators.companyName })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return row;
}

/** A user a download link was issued to, if still active under that operator. */
export async function findActiveUser(db: Db, { userId, operatorId }: { userId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.operatorId, operatorId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Where the operator's alerts go: the owner's phone. */
export async function findOwnerContact(db: Db, { operatorId }: { operatorId: OperatorId }) {
  const [row] = await db
    .select({ phone: users.phone, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.operatorId, operatorId), eq(users.kind, 'OPERATOR'), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
