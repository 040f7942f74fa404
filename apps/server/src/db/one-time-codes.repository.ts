import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import type { otpCodes, referralConfirmations, tripOtps } from './schema/index.ts';

/**
 * The one-time codes: the login code of a phone (auth), the stage code of a trip (trips) and the code that
 * confirms a referral's phone (support) are kept in tables with the same columns and checked by the same
 * rules (newest code, counted tries, single use).
 */
export type OneTimeCodeTable = typeof otpCodes | typeof tripOtps | typeof referralConfirmations;
// Drizzle types a query by one table; either table has every column these queries name.

/** The newest of the codes `match` picks out (a phone's, or one stage of a trip's). */
export async function findLatestCode(db: Db, { table, match }: { table: OneTimeCodeTable; match: SQL | undefined }) {
  const [row] = await db
    .select({ id: table.id, codeHash: table.codeHash, tries: table.tries, expiresAt: table.expiresAt, usedAt: table.usedAt })
    .from(table as PgTable)
    .where(match)
    .orderBy(desc(table.createdAt))
    .limit(1);
  return row;
}

/** Counts a try atomically; returns the tries after this one, or undefined when the code is gone. */
export async function addCodeTry(db: Db, { table, id }: { table: OneTimeCodeTable; id: string }): Promise<number | undefined> {
  const [row] = await db
    .update(table as PgTable)
    .set({ tries: sql`${table.tries} + 1` })
    .where(eq(table.id, id))
    .returning({ tries: table.tries });
  return row?.tries;
}

/** Marks a code used unless it already was: single use even under concurrent verifies. */
export async function consumeCode(db: Db, { table, id }: { table: OneTimeCodeTable; id: string }): Promise<boolean> {
  const rows = await db
    .update(table as PgTable)
    .set({ usedAt: new Date() })
    .where(and(eq(table.id, id), isNull(table.usedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}
