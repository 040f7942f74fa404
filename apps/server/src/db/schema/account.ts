import type { Settings } from '@bhada/contracts/account/account';
import { bigserial, boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, ts, updated } from './columns.ts';

/** Profile details beyond the operators row (migration 0110). */
export const operatorProfiles = pgTable('operator_profiles', {
  operatorId: text('operator_id').$type<OperatorId>().primaryKey(),
  ownerName: text('owner_name'),
  email: text('email'),
  gstin: text('gstin'),
  pan: text('pan'),
  bankAccountName: text('bank_account_name'),
  bankAccountNumber: text('bank_account_number'),
  bankIfsc: text('bank_ifsc'),
  operative: boolean('operative').notNull().default(true),
  onboardingUnsubscribed: boolean('onboarding_unsubscribed').notNull().default(false),
  updatedAt: updated(),
});

export const operatorAppConfigs = pgTable('operator_app_configs', {
  operatorId: text('operator_id').$type<OperatorId>().primaryKey(),
  loadScreen: text('load_screen').$type<'LIST' | 'MAP'>().notNull().default('LIST'),
  activeScreen: integer('active_screen').notNull().default(2),
  walletRechargeSource: text('wallet_recharge_source').$type<'RAZORPAY' | 'PAYTM'>().notNull().default('RAZORPAY'),
  showWarningBottomBanner: boolean('show_warning_bottom_banner').notNull().default(false),
  buyGpsLink: text('buy_gps_link').notNull().default('/web-view/buy-gps'),
  feedbackWidget: boolean('feedback_widget').notNull().default(true),
  showVehicleAvailabilityCard: boolean('show_vehicle_availability_card').notNull().default(true),
  updatedAt: updated(),
});

export const userSettings = pgTable('user_settings', {
  userId: text('user_id').primaryKey(),
  settings: jsonb('settings').$type<Settings>().notNull(),
  updatedAt: updated(),
});

export const tdsDeclarations = pgTable('tds_declarations', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  kind: text('kind').$type<'TDS_DECLARATION' | 'UNDERTAKING'>().notNull(),
  name: text('name').notNull(),
  fatherName: text('father_name').notNull(),
  pan: text('pan').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pinCode: text('pin_code').notNull(),
  phone: text('phone').notNull(),
  opCode: text('op_code').notNull(),
  vehicleNumbers: jsonb('vehicle_numbers').$type<string[]>().notNull(),
  signedOn: date('signed_on', { mode: 'string' }).notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const policyAcceptances = pgTable(
  'policy_acceptances',
  {
    operatorId: text('operator_id').$type<OperatorId>().notNull(),
    policyType: text('policy_type').notNull(),
    version: integer('version').notNull(),
    userId: text('user_id').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.policyType, t.version] })],
);

export const clientEvents = pgTable('client_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  operatorId: text('operator_id').$type<OperatorId>(),
  name: text('name').notNull(),
  screen: text('screen'),
  properties: jsonb('properties').$type<Record<string, unknown>>(),
  createdAt: created(),
});

/** A saved place belongs to one account: an operator, a consigner or one (admin) user (ADR 115). */
export const savedPlaces = pgTable('saved_places', {
  id: text('id').primaryKey(),
  ownerKind: text('owner_kind').$type<'OPERATOR' | 'CONSIGNER' | 'USER'>().notNull(),
  ownerId: text('owner_id').notNull(),
  placeName: text('place_name').notNull(),
  placeLat: doublePrecision('place_lat').notNull(),
  placeLng: doublePrecision('place_lng').notNull(),
  placeId: text('place_id'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const placeSelections = pgTable('place_selections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>(),
  userId: text('user_id').notNull(),
  placeId: text('place_id').notNull(),
  searchText: text('search_text').notNull(),
  source: text('source').notNull(),
  position: integer('position'),
  createdAt: created(),
});
