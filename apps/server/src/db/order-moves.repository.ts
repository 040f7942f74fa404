import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import type { paymentOrders, sandboxPgOrders } from './schema/index.ts';

/**
 * The orders of the payment pipeline and of the sandbox provider each move through their own
 * statuses, and both move an order on the same way: only while it is still in one of the expected
 * statuses, so a racing writer (a callback and a status job, a double click and a replayed form)
 * finds it already moved.
 */
export type OrderTable = typeof paymentOrders | typeof sandboxPgOrders;

/** Moves the order `key` picks out, only from the statuses `from`; undefined when another writer already moved it. */
export async function moveOrderFrom<T extends OrderTable>(
  db: Db,
  table: T,
  { key, from, set }: { key: SQL; from: Array<T['$inferSelect']['status']>; set: Partial<T['$inferInsert']> },
): Promise<T['$inferSelect'] | undefined> {
  // either table: drizzle types a query by one table, and both have the status and updated-at columns
  const [row] = await db
    .update(table as PgTable)
    .set({ ...set, updatedAt: new Date() })
    .where(and(key, inArray(table.status, from)))
    .returning();
  return row as T['$inferSelect'] | undefined;
}
