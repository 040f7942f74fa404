import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created, paisa, ts, updated } from './columns.ts';

export type PaymentPurpose = 'WALLET_TOPUP' | 'TOKEN' | 'MEMBERSHIP' | 'CONSIGNER_TRIP';
export type PaymentStatus = 'CREATED' | 'PENDING' | 'SUCCESS' | 'FAILURE';

/**
 * The order core (migration 0004) plus the payments area's provider columns (migration 0040).
 * Owned by payments; other areas read it (the passbook shows PENDING / FAILURE top-ups).
 */
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
  createdAt: created(),
  updatedAt: updated(),
  provider: text('provider').notNull().default('sandbox'),
  txnToken: text('txn_token'),
  txnTokenExpiresAt: ts('txn_token_expires_at'),
  providerTxnId: text('provider_txn_id'),
  bankTxnId: text('bank_txn_id'),
  retryOf: text('retry_of'),
  checkCount: integer('check_count').notNull().default(0),
  nextCheckAt: ts('next_check_at'),
  settledAt: ts('settled_at'),
  /** the part of a settled payment beyond what its trip was due, kept as the payer's credit (ADR 070) */
  excessPaisa: paisa('excess_paisa').notNull().default(0),
});
