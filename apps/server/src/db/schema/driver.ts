import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { ts } from './columns.ts';

/** The driver's link of a trip (migration 0200, ADR 260): only the token's hash is kept. */
export const driverLinks = pgTable('driver_links', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  tripId: text('trip_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  driverId: text('driver_id'),
  driverPhone: text('driver_phone').notNull(),
  issuedBy: text('issued_by'),
  issuedAt: ts('issued_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  openedAt: ts('opened_at'),
  lastReportAt: ts('last_report_at'),
  locationState: text('location_state').$type<'NEVER' | 'SHARING' | 'STOPPED'>().notNull().default('NEVER'),
  locationChangedAt: ts('location_changed_at'),
});

/** Each action a driver's phone sent, once per client action id. */
export const driverActions = pgTable(
  'driver_actions',
  {
    tripId: text('trip_id').notNull(),
    actionId: text('action_id').notNull(),
    linkId: text('link_id').notNull(),
    kind: text('kind').notNull(),
    happenedAt: ts('happened_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.actionId] })],
);
