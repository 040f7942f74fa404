import { bigserial, doublePrecision, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ConsignerCode, OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';
import type { TripPoint } from './trips-core.ts';

/** Loads posted by consigners (migration 0010). */
export const demands = pgTable('demands', {
  id: text('id').primaryKey(),
  consignerCode: text('consigner_code').$type<ConsignerCode>().notNull(),
  postedBy: text('posted_by').notNull(),
  state: text('state').$type<'OPEN' | 'AWARDED' | 'CONFIRMED' | 'IN_TRIP' | 'CLOSED' | 'CANCELLED' | 'EXPIRED'>().notNull(),
  originCity: text('origin_city').notNull(),
  originLat: doublePrecision('origin_lat').notNull(),
  originLng: doublePrecision('origin_lng').notNull(),
  destinationCity: text('destination_city').notNull(),
  destinationLat: doublePrecision('destination_lat').notNull(),
  destinationLng: doublePrecision('destination_lng').notNull(),
  distanceKm: integer('distance_km').notNull(),
  loadingPoints: jsonb('loading_points').$type<TripPoint[]>().notNull(),
  unloadingPoints: jsonb('unloading_points').$type<TripPoint[]>().notNull(),
  vehicleType: text('vehicle_type').notNull(),
  bodyType: text('body_type').$type<'OPEN' | 'CONTAINER' | 'TRAILER'>().notNull(),
  tyreCount: integer('tyre_count').notNull(),
  tonnage: numeric('tonnage', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  lengthFeet: integer('length_feet').notNull(),
  material: text('material').notNull(),
  loadingAt: ts('loading_at').notNull(),
  biddingEndsAt: ts('bidding_ends_at').notNull(),
  tokenAmountPaisa: paisa('token_amount_paisa').notNull(),
  targetPricePaisa: paisa('target_price_paisa'),
  rankSalt: text('rank_salt').notNull(),
  awardedOperatorId: text('awarded_operator_id').$type<OperatorId>(),
  awardedPricePaisa: paisa('awarded_price_paisa'),
  awardedAt: ts('awarded_at'),
  awardReason: text('award_reason'),
  tripId: text('trip_id'),
  cancelReason: text('cancel_reason'),
  createdAt: created(),
  updatedAt: updated(),
});

export const demandResponses = pgTable(
  'demand_responses',
  {
    demandId: text('demand_id').notNull(),
    operatorId: text('operator_id').$type<OperatorId>().notNull(),
    consent: text('consent').$type<'ACCEPTED' | 'REJECTED'>().notNull(),
    userCode: text('user_code').notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.operatorId] })],
);

export const demandViews = pgTable('demand_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  demandId: text('demand_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>(),
  userCode: text('user_code').notNull(),
  utmSource: text('utm_source').notNull(),
  viewedAt: ts('viewed_at').notNull().defaultNow(),
});

export const quotes = pgTable(
  'quotes',
  {
    demandId: text('demand_id').notNull(),
    operatorId: text('operator_id').$type<OperatorId>().notNull(),
    amountPaisa: paisa('amount_paisa').notNull(),
    placedAt: ts('placed_at').notNull(),
    revisions: integer('revisions').notNull().default(1),
    userCode: text('user_code').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.operatorId] })],
);

export const quoteEvents = pgTable('quote_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  demandId: text('demand_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  userCode: text('user_code').notNull(),
  createdAt: created(),
});

export const demandTokens = pgTable('demand_tokens', {
  id: text('id').primaryKey(),
  demandId: text('demand_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  status: text('status').$type<'DRAFT' | 'INITIATED' | 'PAID' | 'CANCELLED'>().notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  vehicleId: text('vehicle_id'),
  driverName: text('driver_name'),
  driverPhone: text('driver_phone'),
  tripId: text('trip_id'),
  paymentEntryId: text('payment_entry_id'),
  paidAt: ts('paid_at'),
  cancelledAt: ts('cancelled_at'),
  refundPaisa: paisa('refund_paisa'),
  keptPaisa: paisa('kept_paisa'),
  createdAt: created(),
  updatedAt: updated(),
});
