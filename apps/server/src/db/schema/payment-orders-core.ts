import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paisa = (name: string) => bigint(name, { mode: 'number' });

export type PaymentPurpose = 'WALLET_TOPUP' | 'TOKEN' | 'MEMBERSHIP' | 'CONSIGNER_TRIP';
export type PaymentStatus = 'CREATED' | 'PENDING' | 'SUCCESS' | 'FAILURE';

/** The order core (migration 0004); the payments area adds its columns in its own schema file. */
export const paymentOrders = pgTable('payment_orders', {
  id: text('id').primaryKey(),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  payerType: text('payer_type').$type<'OPERATOR' | 'CONSIGNER'>().notNull(),
  payerId: text('payer_id').notNull(),
  userCode: text('user_code').notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  feePaisa: paisa('fee_paisa').notNull().default(0),
  status: text('status').$type<PaymentStatus>().notNull().default('CREATED'),
  statusRemarks: text('status_remarks'),
  paymentMode: text('payment_mode'),
  referenceId: text('reference_id'),
  attempts: integer('attempts').notNull().default(0),
  settledEntryId: text('settled_entry_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
