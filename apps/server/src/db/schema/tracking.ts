import { bigserial, boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, ts } from './columns.ts';

/** GPS devices and phones that speak the OsmAnd protocol (migration 0021). */
export const trackingDevices = pgTable('tracking_devices', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id').notNull(),
  label: text('label').notNull(),
  identifierHash: text('identifier_hash').notNull(),
  simulated: boolean('simulated').notNull().default(false),
  revokedAt: ts('revoked_at'),
  lastSeenAt: ts('last_seen_at'),
  createdAt: created(),
});

export const positions = pgTable('positions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceId: text('device_id'),
  vehicleId: text('vehicle_id').notNull(),
  tripId: text('trip_id'),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  speedKmph: doublePrecision('speed_kmph'),
  bearing: doublePrecision('bearing'),
  recordedAt: ts('recorded_at').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
