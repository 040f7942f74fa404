import { bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { created, paisa, ts, updated } from './columns.ts';

/** One row per POST /v2/transactions/update (migration 0040). */
export const paymentAttempts = pgTable('payment_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  appVersion: text('app_version').notNull(),
  paymentMode: text('payment_mode').notNull(),
  serviceProvider: text('service_provider').notNull(),
  userCode: text('user_code').notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  feePaisa: paisa('fee_paisa').notNull(),
  createdAt: created(),
});

export type CallbackSource = 'CALLBACK' | 'STATUS_JOB' | 'COMPLETE_CALL' | 'RESULT_VIEW';

/** The audit trail of every callback and status confirmation, accepted or not. */
export const paymentCallbacks = pgTable('payment_callbacks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id'),
  source: text('source').$type<CallbackSource>().notNull(),
  outcome: text('outcome').notNull(),
  reportedStatus: text('reported_status'),
  reportedAmount: text('reported_amount'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  remoteIp: text('remote_ip'),
  createdAt: created(),
});

export type SandboxStatus = 'CREATED' | 'PROCESSING' | 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE';

/** The payment sandbox's side of the protocol (it plays the provider). */
export const sandboxPgOrders = pgTable('sandbox_pg_orders', {
  orderId: text('order_id').primaryKey(),
  mid: text('mid').notNull(),
  txnToken: text('txn_token').notNull(),
  tokenExpiresAt: ts('token_expires_at').notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  custId: text('cust_id').notNull(),
  callbackUrl: text('callback_url').notNull(),
  status: text('status').$type<SandboxStatus>().notNull().default('CREATED'),
  paymentMode: text('payment_mode'),
  channelCode: text('channel_code'),
  payerAccount: text('payer_account'),
  cardBin: text('card_bin'),
  cardLast4: text('card_last4'),
  storeInstrument: boolean('store_instrument').notNull().default(false),
  forcedOutcome: text('forced_outcome'),
  txnId: text('txn_id'),
  bankTxnId: text('bank_txn_id'),
  respCode: text('resp_code'),
  respMsg: text('resp_msg'),
  resolveAt: ts('resolve_at'),
  resolveTo: text('resolve_to'),
  createdAt: created(),
  updatedAt: updated(),
});

export const sandboxPgSavedCards = pgTable('sandbox_pg_saved_cards', {
  id: text('id').primaryKey(),
  custId: text('cust_id').notNull(),
  bin: text('bin').notNull(),
  last4: text('last4').notNull(),
  scheme: text('scheme').$type<'VISA' | 'MASTER' | 'RUPAY'>().notNull(),
  cardType: text('card_type').$type<'CREDIT_CARD' | 'DEBIT_CARD'>().notNull(),
  cvvLength: integer('cvv_length').notNull().default(3),
  createdAt: created(),
});
