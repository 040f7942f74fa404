import { bigserial, date, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ConsignerCode, OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

/** The operations desk (migration 0130, ADR 130). */
export const lanes = pgTable('lanes', {
  code: text('code').primaryKey(),
  originCity: text('origin_city').notNull(),
  destinationCity: text('destination_city').notNull(),
});

export const consignees = pgTable('consignees', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  gstin: text('gstin'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  createdAt: created(),
});

export const consignments = pgTable('consignments', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  tripId: text('trip_id'),
  consignerCode: text('consigner_code').$type<ConsignerCode>().notNull(),
  consigneeId: text('consignee_id'),
  operatorId: text('operator_id').$type<OperatorId>(),
  laneCode: text('lane_code'),
  originCity: text('origin_city').notNull(),
  destinationCity: text('destination_city').notNull(),
  loadType: text('load_type').notNull(),
  material: text('material').notNull(),
  weightKg: integer('weight_kg').notNull(),
  packages: integer('packages').notNull().default(0),
  freightPaisa: paisa('freight_paisa').notNull(),
  status: text('status').$type<'BOOKED' | 'IN_TRANSIT' | 'DELIVERED'>().notNull().default('BOOKED'),
  reachedAt: ts('reached_at'),
  unloadedAt: ts('unloaded_at'),
  deliveryRemarks: text('delivery_remarks'),
  version: integer('version').notNull().default(1),
  deletedAt: ts('deleted_at'),
  createdAt: created(),
  updatedAt: updated(),
});

export const consignmentAudit = pgTable('consignment_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  consignmentId: text('consignment_id').notNull(),
  actorId: text('actor_id').notNull(),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  before: jsonb('before').$type<Record<string, unknown> | null>(),
  after: jsonb('after').$type<Record<string, unknown> | null>(),
  createdAt: created(),
});

export const dockets = pgTable('dockets', {
  consignmentId: text('consignment_id').primaryKey(),
  docketNumber: text('docket_number').notNull(),
  docketDate: date('docket_date', { mode: 'string' }).notNull(),
  ewayBillNumber: text('eway_bill_number'),
  ewayBillValidUntil: ts('eway_bill_valid_until'),
  remarks: text('remarks'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updated(),
});

export const docketInvoices = pgTable('docket_invoices', {
  id: text('id').primaryKey(),
  consignmentId: text('consignment_id').notNull(),
  invoiceNumber: text('invoice_number').notNull(),
  invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
  valuePaisa: paisa('value_paisa').notNull(),
  fileKey: text('file_key'),
  createdAt: created(),
});

export type CollectionStatus = 'PENDING' | 'COLLECTED' | 'FAILED';
export const collections = pgTable('collections', {
  id: text('id').primaryKey(),
  consignmentId: text('consignment_id').notNull(),
  type: text('type').$type<'TO_PAY' | 'ADVANCE' | 'DETENTION'>().notNull(),
  mode: text('mode').$type<'CASH' | 'UPI' | 'CHEQUE' | 'BANK_TRANSFER'>().notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  reference: text('reference'),
  status: text('status').$type<CollectionStatus>().notNull(),
  entryId: text('entry_id'),
  collectedBy: text('collected_by').notNull(),
  collectedAt: ts('collected_at').notNull(),
  createdAt: created(),
  updatedAt: updated(),
});

export const scheduledVehicles = pgTable('scheduled_vehicles', {
  id: text('id').primaryKey(),
  consignmentId: text('consignment_id').notNull(),
  vehicleId: text('vehicle_id'),
  vehicleNumber: text('vehicle_number').notNull(),
  operatorId: text('operator_id').$type<OperatorId>(),
  consignerCode: text('consigner_code').$type<ConsignerCode>().notNull(),
  laneCode: text('lane_code'),
  state: text('state').$type<'SCHEDULED' | 'REPORTED' | 'LOADED' | 'IN_TRANSIT' | 'REACHED' | 'UNLOADED'>().notNull(),
  scheduledAt: ts('scheduled_at').notNull(),
  eta: ts('eta'),
  reportedAt: ts('reported_at'),
  loadedAt: ts('loaded_at'),
  dispatchedAt: ts('dispatched_at'),
  reachedAt: ts('reached_at'),
  unloadedAt: ts('unloaded_at'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  positionAt: ts('position_at'),
  updatedAt: updated(),
});

export const reportRequests = pgTable('report_requests', {
  id: text('id').primaryKey(),
  consignerCode: text('consigner_code').$type<ConsignerCode>().notNull(),
  userId: text('user_id').notNull(),
  report: text('report').notNull(),
  email: text('email').notNull(),
  status: text('status').$type<'BUILDING' | 'MAILED' | 'FAILED' | 'MAIL_RETRYING' | 'MAIL_FAILED'>().notNull(),
  rowCount: integer('row_count').notNull().default(0),
  messageId: text('message_id'),
  createdAt: created(),
  finishedAt: ts('finished_at'),
  /** the period asked for (India dates), so the job builds what was asked */
  fromDate: text('from_date'),
  toDate: text('to_date'),
  /** the built workbook in file storage, for download */
  fileKey: text('file_key'),
  /** failed mails of the built workbook so far (ADR 301) */
  mailAttempts: integer('mail_attempts').notNull().default(0),
});
