import { boolean, date, doublePrecision, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ConsignerCode, OperatorId } from '../../lib/tenancy.ts';
import { created, ts, updated } from './columns.ts';

export const operators = pgTable('operators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  city: text('city'),
  createdAt: created(),
});

export const consigners = pgTable('consigners', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  createdAt: created(),
});

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  name: text('name').notNull(),
  createdAt: created(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  { roleId: text('role_id').notNull(), permission: text('permission').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  userCode: text('user_code').notNull(),
  phone: text('phone').notNull(),
  name: text('name').notNull(),
  email: text('email'),
  kind: text('kind').$type<'OPERATOR' | 'SUBORDINATE' | 'CONSIGNER' | 'ADMIN'>().notNull(),
  operatorId: text('operator_id').$type<OperatorId>(),
  consignerCode: text('consigner_code').$type<ConsignerCode>(),
  roleId: text('role_id'),
  locale: text('locale').$type<'en' | 'hi'>().notNull().default('en'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: created(),
  deletedAt: ts('deleted_at'),
});

export const otpCodes = pgTable('otp_codes', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  ip: text('ip'),
  createdAt: created(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: text('user_id').notNull(),
  createdAt: created(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

export const vehicles = pgTable('vehicles', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  number: text('number').notNull(),
  vehicleType: text('vehicle_type').notNull(),
  bodyType: text('body_type').notNull(),
  tyreCount: integer('tyre_count').notNull(),
  tonnage: numeric('tonnage', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  sizeInFeet: integer('size_in_feet').notNull(),
  heightInFeet: numeric('height_in_feet', { precision: 4, scale: 1, mode: 'number' }),
  ownership: text('ownership').notNull().default('SELF'),
  ownerName: text('owner_name'),
  status: text('status').notNull().default('VERIFIED'),
  currentLat: doublePrecision('current_lat'),
  currentLng: doublePrecision('current_lng'),
  currentCity: text('current_city'),
  /** when current_lat/lng was recorded by the tracking source; null for a place given at registration (ADR 270) */
  positionAt: ts('position_at'),
  createdAt: created(),
  // fleet (migration 0100)
  rejectReason: text('reject_reason'),
  updatedAt: updated(),
});

export const drivers = pgTable('drivers', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  createdAt: created(),
  // fleet (migration 0100)
  licenceNumber: text('licence_number'),
  licenceExpiry: date('licence_expiry', { mode: 'string' }),
  vehicleId: text('vehicle_id'),
});
