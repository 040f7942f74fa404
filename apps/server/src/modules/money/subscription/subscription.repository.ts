import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { membershipInterests, membershipOrders, memberships } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type MembershipRow = typeof memberships.$inferSelect;
export type MembershipOrderRow = typeof membershipOrders.$inferSelect;

export async function findMembership(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.operatorId, operatorId)).limit(1);
  return row;
}

/** The membership row under a row lock (a payment extends it). */
export async function lockMembership(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.operatorId, operatorId)).limit(1).for('update');
  return row;
}

export async function upsertMembership(
  db: Db,
  row: { operatorId: OperatorId; activeFrom: Date; activeUntil: Date; lastOrderId: string | null },
): Promise<MembershipRow> {
  const [saved] = await db
    .insert(memberships)
    .values(row)
    .onConflictDoUpdate({
      target: memberships.operatorId,
      set: { activeFrom: row.activeFrom, activeUntil: row.activeUntil, lastOrderId: row.lastOrderId, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function findOpenOrder(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<MembershipOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipOrders)
    .where(and(eq(membershipOrders.operatorId, operatorId), eq(membershipOrders.status, 'OPEN')))
    .limit(1);
  return row;
}

type OrderScope = { operatorId: OperatorId; orderId: string };

const selectOrder = (db: Db, { operatorId, orderId }: OrderScope) =>
  db
    .select()
    .from(membershipOrders)
    .where(and(eq(membershipOrders.id, orderId), eq(membershipOrders.operatorId, operatorId)))
    .limit(1);

/** An order of this operator; another operator's order is not found. */
export async function findOrder(db: Db, scope: OrderScope): Promise<MembershipOrderRow | undefined> {
  const [row] = await selectOrder(db, scope);
  return row;
}

/** The same order under a row lock (paying it). */
export async function lockOrder(db: Db, scope: OrderScope): Promise<MembershipOrderRow | undefined> {
  const [row] = await selectOrder(db, scope).for('update');
  return row;
}

/** Inserts an OPEN order unless the operator already has one (the partial unique index decides). */
export async function insertOpenOrder(db: Db, row: typeof membershipOrders.$inferInsert): Promise<MembershipOrderRow | undefined> {
  const [saved] = await db.insert(membershipOrders).values(row).onConflictDoNothing().returning();
  return saved;
}

/** Moves an order only from the status it was read in; undefined when someone else moved it first. */
export async function updateOrderIf(
  db: Db,
  {
    orderId,
    from,
    set: patch,
  }: { orderId: string; from: MembershipOrderRow['status']; set: Partial<typeof membershipOrders.$inferInsert> },
): Promise<MembershipOrderRow | undefined> {
  const [row] = await db
    .update(membershipOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(membershipOrders.id, orderId), eq(membershipOrders.status, from)))
    .returning();
  return row;
}

/** Records a medium once per operator; a repeat inserts nothing. */
export async function insertInterest(db: Db, row: { operatorId: OperatorId; medium: string; userId: string }): Promise<void> {
  await db.insert(membershipInterests).values(row).onConflictDoNothing();
}

export async function listInterests(db: Db, { operatorId }: { operatorId: OperatorId }) {
  return db
    .select({ medium: membershipInterests.medium, createdAt: membershipInterests.createdAt })
    .from(membershipInterests)
    .where(eq(membershipInterests.operatorId, operatorId))
    .orderBy(desc(membershipInterests.createdAt));
}

/** The medium the operator most recently came from, for the order's attribution. */
export async function findLatestMedium(db: Db, { operatorId }: { operatorId: OperatorId }): Promise<string | undefined> {
  const [row] = await db
    .select({ medium: membershipInterests.medium })
    .from(membershipInterests)
    .where(eq(membershipInterests.operatorId, operatorId))
    .orderBy(desc(membershipInterests.createdAt))
    .limit(1);
  return row?.medium;
}
