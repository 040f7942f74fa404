import { and, count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as codes from '../../../db/one-time-codes.repository.ts';
import { operators, referralCodes, referralConfirmations, referrals, users } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type ReferralRow = typeof referrals.$inferSelect;

export async function findCode(db: Db, p: { operatorId: OperatorId }) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.operatorId, p.operatorId)).limit(1);
  return row;
}

export async function insertCode(db: Db, p: { operatorId: OperatorId; code: string }) {
  await db.insert(referralCodes).values(p).onConflictDoNothing();
}

export async function findReferrerByCode(db: Db, p: { code: string }) {
  const [row] = await db
    .select({ operatorId: referralCodes.operatorId, name: operators.name })
    .from(referralCodes)
    .innerJoin(operators, eq(operators.id, referralCodes.operatorId))
    .where(eq(referralCodes.code, p.code))
    .limit(1);
  return row;
}

/** The operator's referrals, newest first; a JOINED one whose number now has an operator account shows REGISTERED. */
export async function listReferrals(db: Db, p: { operatorId: OperatorId }) {
  return db
    .select({
      referral: referrals,
      // the outer row named in full: inside the subquery a bare column would bind to the users row
      registered: sql<boolean>`EXISTS (SELECT 1 FROM ${users} u WHERE u.phone = "referrals"."phone" AND u.kind = 'OPERATOR')`,
    })
    .from(referrals)
    .where(eq(referrals.referrerOperatorId, p.operatorId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(100);
}

export async function findUserByPhone(db: Db, p: { phone: string }) {
  const [row] = await db.select({ operatorId: users.operatorId, kind: users.kind }).from(users).where(eq(users.phone, p.phone)).limit(1);
  return row;
}

export async function insertReferral(db: Db, p: { row: typeof referrals.$inferInsert }) {
  const rows = await db.insert(referrals).values(p.row).onConflictDoNothing().returning({ id: referrals.id });
  return rows[0];
}

/** The referral that brought this operator, by its owner's mobile number, not yet rewarded. */
export async function findUnrewardedFor(db: Db, p: { operatorId: OperatorId }) {
  const owners = db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.operatorId, p.operatorId), eq(users.kind, 'OPERATOR')));
  const [row] = await db
    .select()
    .from(referrals)
    .where(and(inArray(referrals.phone, owners), ne(referrals.status, 'REWARDED'), ne(referrals.referrerOperatorId, p.operatorId)))
    .limit(1);
  return row;
}

export async function lockReferral(db: Db, p: { id: string }) {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, p.id)).for('update').limit(1);
  return row;
}

export async function updateReferral(db: Db, p: { id: string; set: Partial<typeof referrals.$inferInsert> }) {
  await db.update(referrals).set(p.set).where(eq(referrals.id, p.id));
}

export async function findReferralByPhone(db: Db, p: { phone: string }) {
  const [row] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.phone, p.phone)).limit(1);
  return row;
}

/** Join codes asked for this number since `since`. */
export async function countRecentConfirmations(db: Db, p: { phone: string; since: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(referralConfirmations)
    .where(and(eq(referralConfirmations.phone, p.phone), gte(referralConfirmations.createdAt, p.since)));
  return row?.n ?? 0;
}

export async function insertConfirmation(db: Db, row: typeof referralConfirmations.$inferInsert) {
  await db.insert(referralConfirmations).values(row);
}

export async function findLatestConfirmation(db: Db, p: { phone: string }) {
  return codes.findLatestCode(db, { table: referralConfirmations, match: eq(referralConfirmations.phone, p.phone) });
}

export async function addConfirmationTry(db: Db, p: { id: string }) {
  return (await codes.addCodeTry(db, { table: referralConfirmations, id: p.id })) ?? Number.POSITIVE_INFINITY;
}

export async function consumeConfirmation(db: Db, p: { id: string }) {
  return codes.consumeCode(db, { table: referralConfirmations, id: p.id });
}
