import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ConsignerCode, OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

export interface TripPoint {
  name: string;
  address: string;
  lat: number;
  lng: number;
  contactName: string;
  contactPhone: string;
}

/** The trip core (migration 0003); the trips area adds its columns and tables in its own file. */
export const trips = pgTable('trips', {
  id: text('id').primaryKey(),
  demandId: text('demand_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  consignerCode: text('consigner_code').$type<ConsignerCode>(),
  vehicleId: text('vehicle_id').notNull(),
  driverName: text('driver_name').notNull(),
  driverPhone: text('driver_phone').notNull(),
  state: text('state').notNull().default('ASSIGNED'),
  originCity: text('origin_city').notNull(),
  destinationCity: text('destination_city').notNull(),
  loadingPoints: jsonb('loading_points').$type<TripPoint[]>().notNull().default([]),
  unloadingPoints: jsonb('unloading_points').$type<TripPoint[]>().notNull().default([]),
  agreedPricePaisa: paisa('agreed_price_paisa').notNull(),
  tokenAmountPaisa: paisa('token_amount_paisa').notNull().default(0),
  // added by the trips area (migration 0020)
  remarks: text('remarks'),
  cancelReason: text('cancel_reason'),
  podRejectReason: text('pod_reject_reason'),
  lastNotifiedAt: ts('last_notified_at'),
  completedAt: ts('completed_at'),
  // the driver's link (migration 0200): DRIVER_PHONE once the driver's phone sends positions
  trackingSource: text('tracking_source').$type<'DRIVER_PHONE'>(),
  createdAt: created(),
  updatedAt: updated(),
});
