import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

export type MembershipOrderStatus = 'OPEN' | 'PAID' | 'EXPIRED';

/** The operator's membership period (migration 0050). */
export const memberships = pgTable('memberships', {
  operatorId: text('operator_id').$type<OperatorId>().primaryKey(),
  activeFrom: ts('active_from').notNull(),
  activeUntil: ts('active_until').notNull(),
  lastOrderId: text('last_order_id'),
  createdAt: created(),
  updatedAt: updated(),
});

/** An order that buys the plan from the wallet; at most one OPEN per operator. */
export const membershipOrders = pgTable('membership_orders', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  planCode: text('plan_code').notNull(),
  title: text('title').notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  validityDays: integer('validity_days').notNull(),
  status: text('status').$type<MembershipOrderStatus>().notNull().default('OPEN'),
  medium: text('medium'),
  createdBy: text('created_by').notNull(),
  paidBy: text('paid_by'),
  entryId: text('entry_id'),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  createdAt: created(),
  updatedAt: updated(),
});

/** profile/subscribe: the media an operator came from. */
export const membershipInterests = pgTable(
  'membership_interests',
  {
    operatorId: text('operator_id').$type<OperatorId>().notNull(),
    medium: text('medium').notNull(),
    userId: text('user_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.medium] })],
);
