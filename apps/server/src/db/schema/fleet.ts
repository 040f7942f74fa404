import { boolean, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

/** A vehicle's KYC file or the operator's ID proof (migration 0100, ADR 100). */
export const fleetDocuments = pgTable('fleet_documents', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id'),
  docType: text('doc_type').notNull(),
  resourceKey: text('resource_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  status: text('status').$type<'UPLOADING' | 'PENDING' | 'VERIFIED' | 'REJECTED'>().notNull().default('UPLOADING'),
  rejectReason: text('reject_reason'),
  expiresOn: date('expires_on', { mode: 'string' }),
  expiryNotifiedAt: ts('expiry_notified_at'),
  current: boolean('current').notNull().default(false),
  createdBy: text('created_by').notNull(),
  reviewedBy: text('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: created(),
});

export const vehicleLookups = pgTable(
  'vehicle_lookups',
  {
    kind: text('kind').notNull(),
    value: numeric('value', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    label: text('label').notNull(),
    labelHi: text('label_hi').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

export const gpsOrders = pgTable('gps_orders', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id').notNull(),
  status: text('status').$type<'PLACED' | 'SCHEDULED' | 'INSTALLED' | 'CANCELLED'>().notNull().default('PLACED'),
  contactPhone: text('contact_phone').notNull(),
  scheduledFor: date('scheduled_for', { mode: 'string' }),
  deviceId: text('device_id'),
  deviceIdentifier: text('device_identifier'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
  updatedAt: updated(),
});

/** A service reminder for a vehicle, due by date or odometer (migration 0101, ADR 101). */
export const maintenanceReminders = pgTable('maintenance_reminders', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  vehicleId: text('vehicle_id').notNull(),
  kind: text('kind').notNull(),
  note: text('note'),
  dueOn: date('due_on', { mode: 'string' }),
  dueOdometerKm: integer('due_odometer_km'),
  odometerKm: integer('odometer_km'),
  status: text('status').$type<'OPEN' | 'DONE'>().notNull().default('OPEN'),
  doneOn: date('done_on', { mode: 'string' }),
  doneNote: text('done_note'),
  costPaisa: paisa('cost_paisa'),
  doneBy: text('done_by'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});
