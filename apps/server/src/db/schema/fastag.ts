import { bigint, bigserial, boolean, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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

export type TollFlagKind = 'DOUBLE_READ' | 'CLASS_MISMATCH' | 'FAR_FROM_PLAZA' | 'NO_TRIP_NO_MOVEMENT';
export type TollFlagState = 'OPEN' | 'DISMISSED' | 'DISPUTED' | 'REFUNDED';

/** Migration 0235: plaza positions the issuer's events report (ADR 280). */
export const tollPlazaReports = pgTable('toll_plaza_reports', {
  plazaKey: text('plaza_key').primaryKey(),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  reportedAt: ts('reported_at').notNull().defaultNow(),
});

/** Migration 0235: each applied toll debit checked once, with the trip it fell in (ADR 280). */
export const tollChecks = pgTable('toll_checks', {
  txnId: text('txn_id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id').notNull(),
  tripId: text('trip_id'),
  nearestPositionKm: doublePrecision('nearest_position_km'),
  flagCount: integer('flag_count').notNull().default(0),
  checkedAt: ts('checked_at').notNull().defaultNow(),
});

/** Migration 0235: a toll that looks wrong, with its evidence and the money at stake (ADR 280). */
export const tollFlags = pgTable('toll_flags', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  txnId: text('txn_id').notNull(),
  vehicleId: text('vehicle_id').notNull(),
  kind: text('kind').$type<TollFlagKind>().notNull(),
  evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
  atStakePaisa: paisa('at_stake_paisa').notNull(),
  recoveredPaisa: paisa('recovered_paisa').notNull().default(0),
  state: text('state').$type<TollFlagState>().notNull().default('OPEN'),
  dismissedReason: text('dismissed_reason'),
  ticketId: text('ticket_id'),
  occurredAt: ts('occurred_at').notNull(),
  createdAt: created(),
  updatedAt: updated(),
});

/** Migration 0235: how far the catch-up check has read the toll debits. */
export const tollCheckCursor = pgTable('toll_check_cursor', {
  name: text('name').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
