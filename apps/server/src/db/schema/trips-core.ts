import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The trip core (migration 0003); the trips area adds its columns and tables in its own file. */
export const trips = pgTable('trips', {
  id: text('id').primaryKey(),
  demandId: text('demand_id').notNull(),
  operatorId: text('operator_id').notNull(),
  consignerCode: text('consigner_code'),
  vehicleId: text('vehicle_id').notNull(),
  driverName: text('driver_name').notNull(),
  driverPhone: text('driver_phone').notNull(),
  state: text('state').notNull().default('ASSIGNED'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
