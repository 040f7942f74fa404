import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { demands, fastagTransactions, paymentOrders, quotes, trips } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;

/**
 * Whether the record a ticket names is the operator's own: its trip, its toll, a payment it made, a load
 * it was awarded or quoted on, or a load still open on the board. Another tenant's record is not found
 * (issue 45 §8, ADR 228).
 */
export async function ownsReference(db: Db, p: { operatorId: OperatorId; referenceType: string; referenceId: string }) {
  const { operatorId, referenceId: id } = p;
  switch (p.referenceType) {
    case 'TRIP':
      return exists(
        db
          .select({ id: trips.id })
          .from(trips)
          .where(and(eq(trips.id, id), eq(trips.operatorId, operatorId)))
          .limit(1),
      );
    case 'FASTAG_TXN':
      return exists(
        db
          .select({ id: fastagTransactions.id })
          .from(fastagTransactions)
          .where(and(eq(fastagTransactions.id, id), eq(fastagTransactions.operatorId, operatorId)))
          .limit(1),
      );
    case 'PAYMENT_ORDER':
      return exists(
        db
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(and(eq(paymentOrders.id, id), eq(paymentOrders.payerType, 'OPERATOR'), eq(paymentOrders.payerId, operatorId)))
          .limit(1),
      );
    case 'LOAD':
      return exists(
        db
          .select({ id: demands.id })
          .from(demands)
          .where(
            and(
              eq(demands.id, id),
              or(
                eq(demands.awardedOperatorId, operatorId),
                and(eq(demands.state, 'OPEN'), sql`${demands.awardedOperatorId} IS NULL`),
                sql`EXISTS (SELECT 1 FROM ${quotes} WHERE ${quotes.demandId} = ${demands.id} AND ${quotes.operatorId} = ${operatorId})`,
              ),
            ),
          )
          .limit(1),
      );
    default:
      return false;
  }
}
