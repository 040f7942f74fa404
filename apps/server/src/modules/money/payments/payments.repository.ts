import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { moveOrderFrom } from '../../../db/order-moves.repository.ts';
import { type PaymentStatus, paymentAttempts, paymentCallbacks, paymentOrders, trips, vehicles } from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;
/** Who pays: an operator (its wallet) or a consigner (its trips); the id's type follows the kind. */
export type PayerRef = { payerType: 'OPERATOR'; payerId: OperatorId } | { payerType: 'CONSIGNER'; payerId: ConsignerCode };

export async function insertOrder(db: Db, row: typeof paymentOrders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(paymentOrders).values(row).returning();
  return inserted as OrderRow;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row;
}

/** The order only when this payer placed it ("not yours" is not found). */
export async function findPayerOrder(db: Db, { id, payer }: { id: string; payer: PayerRef }): Promise<OrderRow | undefined> {
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
  { id, from, set }: { id: string; from: PaymentStatus[]; set: Partial<typeof paymentOrders.$inferInsert> },
): Promise<OrderRow | undefined> {
  return moveOrderFrom(db, paymentOrders, { key: eq(paymentOrders.id, id), from, set });
}

export async function recordAttempt(
  db: Db,
  {
    orderId,
    attempt,
    set,
  }: {
    orderId: string;
    attempt: Omit<typeof paymentAttempts.$inferInsert, 'orderId' | 'id' | 'createdAt'>;
    set: { feePaisa: number; paymentMode: string };
  },
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

export async function setCheck(db: Db, { id, checkCount, nextCheckAt }: { id: string; checkCount: number; nextCheckAt: Date | null }) {
  await db.update(paymentOrders).set({ checkCount, nextCheckAt }).where(eq(paymentOrders.id, id));
}

/**
 * The consigner's trips (newest first, cancelled ones left out) with what was paid and what is
 * still at the bank for each, from the trip-payment orders.
 */
/**
 * The consigner's trips with what reached each trip (settled payments, less any excess kept as credit) and
 * what open orders hold against it: PENDING at the bank, or CREATED with a transaction token still valid
 * (ADR 070).
 */
export async function listConsignerTripPayments(db: Db, { consignerCode, tripId }: { consignerCode: ConsignerCode; tripId?: string }) {
  const paid = sql<number>`coalesce(sum(${paymentOrders.amountPaisa} - ${paymentOrders.excessPaisa}) filter (where ${paymentOrders.status} = 'SUCCESS'), 0)::bigint`;
  const pending = sql<number>`coalesce(sum(${paymentOrders.amountPaisa}) filter (where ${paymentOrders.status} = 'PENDING' or (${paymentOrders.status} = 'CREATED' and ${paymentOrders.txnTokenExpiresAt} > now())), 0)::bigint`;
  return db
    .select({
      tripId: trips.id,
      demandId: trips.demandId,
      operatorId: trips.operatorId,
      vehicleNumber: vehicles.number,
      originCity: trips.originCity,
      destinationCity: trips.destinationCity,
      state: trips.state,
      createdAt: trips.createdAt,
      freightPaisa: trips.agreedPricePaisa,
      paidPaisa: paid.mapWith(Number),
      pendingPaisa: pending.mapWith(Number),
    })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .leftJoin(
      paymentOrders,
      and(
        eq(paymentOrders.referenceId, trips.id),
        eq(paymentOrders.purpose, 'CONSIGNER_TRIP'),
        inArray(paymentOrders.status, ['SUCCESS', 'PENDING', 'CREATED']),
      ),
    )
    .where(and(eq(trips.consignerCode, consignerCode), ne(trips.state, 'CANCELLED'), tripId ? eq(trips.id, tripId) : undefined))
    .groupBy(trips.id, vehicles.number)
    .orderBy(desc(trips.createdAt), trips.id)
    .limit(CONSIGNER_TRIPS_LISTED);
}

/** The consigner's screen lists this many recent trips (older ones are settled in practice). */
export const CONSIGNER_TRIPS_LISTED = 200;

/**
 * Holds the trip's row until the transaction ends, so two orders (or two settlements) of one trip are
 * weighed one after the other against what is due (ADR 070).
 */
export async function lockTrip(db: Db, tripId: string): Promise<boolean> {
  const rows = await db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
  return rows.length > 0;
}

/** Orders still CREATED or PENDING, oldest first, created after `since`. */
export async function listOpenOrders(db: Db, since: Date) {
  return db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(inArray(paymentOrders.status, ['CREATED', 'PENDING']), gte(paymentOrders.createdAt, since)))
    .orderBy(paymentOrders.createdAt)
    .limit(1000);
}
