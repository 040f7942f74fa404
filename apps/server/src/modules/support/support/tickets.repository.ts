import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operators, supportTickets, type TicketStatusValue, ticketFiles, ticketMessages, users } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof ticketMessages.$inferSelect;
export type FileRow = typeof ticketFiles.$inferSelect;

/** One ticket of the operator; another operator's ticket is not found. */
export async function findTicket(db: Db, p: { id: string; operatorId: OperatorId }) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, p.id), eq(supportTickets.operatorId, p.operatorId)))
    .limit(1);
  return row;
}

/** Admin: any ticket. */
export async function findAnyTicket(db: Db, p: { id: string }) {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, p.id)).limit(1);
  return row;
}

export async function lockTicket(db: Db, p: { id: string }) {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, p.id)).for('update').limit(1);
  return row;
}

export async function listTickets(db: Db, p: { operatorId: OperatorId; status?: TicketStatusValue; limit: number; offset: number }) {
  const where = and(eq(supportTickets.operatorId, p.operatorId), p.status ? eq(supportTickets.status, p.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listQueue(
  db: Db,
  p: { status?: TicketStatusValue; category?: string; newestFirst: boolean; limit: number; offset: number },
) {
  const where = and(
    p.status ? eq(supportTickets.status, p.status) : undefined,
    p.category ? eq(supportTickets.category, p.category) : undefined,
  );
  const order = p.newestFirst ? desc(supportTickets.createdAt) : asc(supportTickets.createdAt);
  const [rows, [total], counts] = await Promise.all([
    db
      .select({ ticket: supportTickets, operatorName: operators.name })
      .from(supportTickets)
      .innerJoin(operators, eq(operators.id, supportTickets.operatorId))
      .where(where)
      .orderBy(order, asc(supportTickets.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(supportTickets).where(where),
    db.select({ status: supportTickets.status, n: count() }).from(supportTickets).groupBy(supportTickets.status),
  ]);
  return { rows, total: total?.n ?? 0, counts };
}

export async function insertTicket(db: Db, p: { row: typeof supportTickets.$inferInsert }) {
  const [row] = await db.insert(supportTickets).values(p.row).onConflictDoNothing().returning();
  return row;
}

/** The open ticket on the same reference (one open ticket per toll, trip issue, …). */
export async function findOpenByReference(
  db: Db,
  p: { operatorId: OperatorId; category: string; referenceType: string; referenceId: string },
) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.operatorId, p.operatorId),
        eq(supportTickets.category, p.category),
        eq(supportTickets.referenceType, p.referenceType),
        eq(supportTickets.referenceId, p.referenceId),
        inArray(supportTickets.status, ['OPEN', 'IN_PROGRESS']),
      ),
    )
    .limit(1);
  return row;
}

export async function updateTicket(db: Db, p: { id: string; set: Partial<typeof supportTickets.$inferInsert> }) {
  const [row] = await db
    .update(supportTickets)
    .set({ ...p.set, updatedAt: new Date() })
    .where(eq(supportTickets.id, p.id))
    .returning();
  return row;
}

export async function insertMessage(db: Db, p: { row: typeof ticketMessages.$inferInsert }) {
  const [row] = await db.insert(ticketMessages).values(p.row).returning();
  await db
    .update(supportTickets)
    .set({
      messageCount: sql`${supportTickets.messageCount} + 1`,
      lastMessageAt: row!.createdAt,
      updatedAt: row!.createdAt,
    })
    .where(eq(supportTickets.id, p.row.ticketId));
  return row!;
}

export async function listMessages(db: Db, p: { ticketId: string }) {
  return db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, p.ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function listAttachedFiles(db: Db, p: { ticketId: string }) {
  return db
    .select()
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, p.ticketId), eq(ticketFiles.status, 'ATTACHED')));
}

export async function countPendingFiles(db: Db, p: { ticketId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, p.ticketId), eq(ticketFiles.status, 'PENDING')));
  return row?.n ?? 0;
}

export async function insertFile(db: Db, p: { row: typeof ticketFiles.$inferInsert }) {
  await db.insert(ticketFiles).values(p.row);
}

export async function findFiles(db: Db, p: { ticketId: string; keys: string[] }) {
  if (!p.keys.length) return [];
  return db
    .select()
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, p.ticketId), inArray(ticketFiles.resourceKey, p.keys)));
}

export async function setFiles(db: Db, p: { ids: string[]; set: Partial<typeof ticketFiles.$inferInsert> }) {
  if (!p.ids.length) return;
  await db.update(ticketFiles).set(p.set).where(inArray(ticketFiles.id, p.ids));
}

export async function findOperatorName(db: Db, p: { operatorId: OperatorId }) {
  const [row] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, p.operatorId)).limit(1);
  return row?.name ?? '';
}

export async function findUserContact(db: Db, p: { userCode: string }) {
  const [row] = await db.select({ phone: users.phone, name: users.name }).from(users).where(eq(users.userCode, p.userCode)).limit(1);
  return row;
}
