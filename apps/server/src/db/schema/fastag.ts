import { bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

export type TagClass = 4 | 5 | 6 | 7 | 12 | 15 | 16;
export type FastagTxnKind = 'TOLL' | 'TOLL_REVERSAL' | 'RECHARGE' | 'AUTO_RECHARGE';

/** Migration 0030. A tag's balance is the ledger account FASTAG:<tag_id>. */
export const fastags = pgTable('fastags', {
  tagId: text('tag_id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id').notNull(),
  tagClass: integer('tag_class').$type<TagClass>().notNull(),
  barcode: text('barcode').notNull(),
  autoRecharge: boolean('auto_recharge').notNull().default(false),
  minBalancePaisa: paisa('min_balance_paisa').notNull().default(0),
  rechargeAmountPaisa: paisa('recharge_amount_paisa'),
  status: text('status').$type<'ACTIVE' | 'BLOCKED' | 'CLOSED'>().notNull().default('ACTIVE'),
  lastTollName: text('last_toll_name'),
  lastTollAt: ts('last_toll_at'),
  /** migration 0171: when the owner was last alerted about this tag's balance (ADR 183) */
  balanceAlertAt: ts('balance_alert_at'),
  createdAt: created(),
  updatedAt: updated(),
});

export const fastagTransactions = pgTable('fastag_transactions', {
  id: text('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  eventId: text('event_id'),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  tagId: text('tag_id').notNull(),
  vehicleId: text('vehicle_id').notNull(),
  kind: text('kind').$type<FastagTxnKind>().notNull(),
  txnType: text('txn_type').$type<'DEBIT' | 'CREDIT'>().notNull(),
  status: text('status').$type<'SUCCESS' | 'FAILED'>().notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  openingBalancePaisa: paisa('opening_balance_paisa').notNull(),
  closingBalancePaisa: paisa('closing_balance_paisa').notNull(),
  plaza: text('plaza'),
  plazaCode: text('plaza_code'),
  laneDirection: text('lane_direction'),
  vehicleClass: integer('vehicle_class'),
  entryId: text('entry_id'),
  failureReason: text('failure_reason'),
  occurredAt: ts('occurred_at').notNull(),
  createdAt: created(),
});
