import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as codes from '../../../db/one-time-codes.repository.ts';
import { otpCodes, rolePermissions, sessions, users } from '../../../db/schema/index.ts';

export async function findLiveUserByPhone(db: Db, phone: string) {
  const [row] = await db
    .select({ id: users.id, isDemo: users.isDemo })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function countRecentCodes(db: Db, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(db: Db, row: typeof otpCodes.$inferInsert) {
  await db.insert(otpCodes).values(row);
}

export async function findLatestCode(db: Db, phone: string) {
  return codes.findLatestCode(db, { table: otpCodes, match: eq(otpCodes.phone, phone) });
}

export async function addTry(db: Db, id: string): Promise<number> {
  return (await codes.addCodeTry(db, { table: otpCodes, id })) ?? Number.POSITIVE_INFINITY;
}

export async function consumeCode(db: Db, id: string): Promise<boolean> {
  return codes.consumeCode(db, { table: otpCodes, id });
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

/** The session and its user, found by the token's hash or (for a signed stream ticket) by the session id. */
export async function findSessionUser(db: Db, by: { tokenHash: string } | { sessionId: string }) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      userCode: users.userCode,
      kind: users.kind,
      name: users.name,
      phone: users.phone,
      locale: users.locale,
      operatorId: users.operatorId,
      consignerCode: users.consignerCode,
      roleId: users.roleId,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where('tokenHash' in by ? eq(sessions.tokenHash, by.tokenHash) : eq(sessions.id, by.sessionId))
    .limit(1);
  return row;
}

export async function findUserForLogin(db: Db, userId: string) {
  const [row] = await db
    .select({ userCode: users.userCode, name: users.name, locale: users.locale, kind: users.kind, operatorId: users.operatorId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function listRolePermissions(db: Db, roleId: string): Promise<string[]> {
  const rows = await db.select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.p);
}

export async function touchSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** One code request by its id (the login screen's delivery status names it). */
export async function findCodeById(db: Db, id: string) {
  const [row] = await db
    .select({ id: otpCodes.id, phone: otpCodes.phone, createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.id, id))
    .limit(1);
  return row;
}

/** When the phone's latest code was asked for (the resend cooldown). */
export async function latestCodeAt(db: Db, phone: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.phone, phone))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}
