import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { moveOrderFrom } from '../../../db/order-moves.repository.ts';
import { type SandboxStatus, sandboxPgOrders, sandboxPgSavedCards } from '../../../db/schema/index.ts';

export type SandboxOrder = typeof sandboxPgOrders.$inferSelect;
export type SandboxCard = typeof sandboxPgSavedCards.$inferSelect;

export async function insertOrder(db: Db, row: typeof sandboxPgOrders.$inferInsert) {
  const inserted = await db.insert(sandboxPgOrders).values(row).onConflictDoNothing().returning({ orderId: sandboxPgOrders.orderId });
  return inserted.length > 0;
}

export async function findOrder(db: Db, orderId: string): Promise<SandboxOrder | undefined> {
  const [row] = await db.select().from(sandboxPgOrders).where(eq(sandboxPgOrders.orderId, orderId)).limit(1);
  return row;
}

/** Moves an order on only from the states given, so a double click or a replayed form does nothing. */
export async function updateOrder(
  db: Db,
  { orderId, from, set }: { orderId: string; from: SandboxStatus[]; set: Partial<typeof sandboxPgOrders.$inferInsert> },
): Promise<SandboxOrder | undefined> {
  return moveOrderFrom(db, sandboxPgOrders, { key: eq(sandboxPgOrders.orderId, orderId), from, set });
}

export async function listCards(db: Db, custId: string): Promise<SandboxCard[]> {
  return db.select().from(sandboxPgSavedCards).where(eq(sandboxPgSavedCards.custId, custId)).orderBy(asc(sandboxPgSavedCards.createdAt));
}

export async function findCard(db: Db, { custId, id }: { custId: string; id: string }): Promise<SandboxCard | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPgSavedCards)
    .where(and(eq(sandboxPgSavedCards.custId, custId), eq(sandboxPgSavedCards.id, id)))
    .limit(1);
  return row;
}

export async function insertCard(db: Db, row: typeof sandboxPgSavedCards.$inferInsert) {
  await db.insert(sandboxPgSavedCards).values(row).onConflictDoNothing();
}
