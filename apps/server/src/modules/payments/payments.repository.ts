import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PaymentStatus, paymentAttempts, paymentCallbacks, paymentOrders, trips } from '../../db/schema/index.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;
export interface PayerRef {
  payerType: 'OPERATOR' | 'CONSIGNER';
  payerId: string;
}

export async function insertOrder(db: Db, row: typeof paymentOrders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(paymentOrders).values(row).returning();
  return inserted as OrderRow;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row;
}

/** The order only when this payer placed it ("not yours" is not found). */
export async function findPayerOrder(db: Db, id: string, payer: PayerRef): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.payerType, payer.payerType), eq(paymentOrders.payerId, payer.payerId)))
    .limit(1);
  return row;
}

/**
 * Moves an order on only from the given states (the row lock makes a racing callback and status job
 * see one winner); undefined when another writer already moved it.
 */
export async function updateOrderIf(
  db: Db,
  id: string,
  from: PaymentStatus[],
  set: Partial<typeof paymentOrders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(paymentOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, from)))
    .returning();
  return row;
}

export async function recordAttempt(
  db: Db,
  orderId: string,
  attempt: Omit<typeof paymentAttempts.$inferInsert, 'orderId' | 'id' | 'createdAt'>,
  set: { feePaisa: number; paymentMode: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(paymentOrders)
    .set({ ...set, attempts: sql`${paymentOrders.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'CREATED')))
    .returning();
  if (row) await db.insert(paymentAttempts).values({ ...attempt, orderId });
  return row;
}

export async function insertCallbackLog(db: Db, row: typeof paymentCallbacks.$inferInsert) {
  await db.insert(paymentCallbacks).values(row);
}

export async function listCallbackLog(db: Db, orderId: string) {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId)).orderBy(paymentCallbacks.id);
}

export async function setCheck(db: Db, id: string, checkCount: number, nextCheckAt: Date | null) {
  await db.update(paymentOrders).set({ checkCount, nextCheckAt }).where(eq(paymentOrders.id, id));
}

/** The consigner's trip, for a trip payment. */
export async function findConsignerTrip(db: Db, tripId: string, consignerCode: string) {
  const [row] = await db
    .select({ id: trips.id, agreedPricePaisa: trips.agreedPricePaisa })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.consignerCode, consignerCode)))
    .limit(1);
  return row;
}
