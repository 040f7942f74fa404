import type { StageOverrideReason } from '@bhada/contracts/trips/trips';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { created, paisa, ts, updated } from './columns.ts';

/** The trips area (migration 0020); the trip row itself is in trips-core.ts. */
export const tripEvents = pgTable('trip_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tripId: text('trip_id').notNull(),
  fromState: text('from_state'),
  toState: text('to_state').notNull(),
  actorKind: text('actor_kind').notNull(),
  actorId: text('actor_id'),
  note: text('note'),
  /** a reached-point stage's check against the truck's position, or its override (ADR 270) */
  stageCheck: jsonb('stage_check').$type<StageCheckRecord>(),
  createdAt: created(),
});

/** What the trip's history keeps of a reached-point stage's check (the view adds the reason's labels). */
export interface StageCheckRecord {
  pointType: 'LOADING' | 'UNLOADING';
  pointName: string;
  distanceKm: number | null;
  radiusKm: number;
  positionAt: string | null;
  outcome: 'WITHIN_RADIUS' | 'OVERRIDE';
  override: { reason: StageOverrideReason; note: string | null; noPosition: boolean } | null;
}

export const tripOtps = pgTable('trip_otps', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  stage: text('stage').$type<'LOADING' | 'UNLOADING'>().notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

export const tripSlots = pgTable('trip_slots', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  location: text('location').$type<'LOADING' | 'UNLOADING'>().notNull(),
  facilityKey: text('facility_key').notNull(),
  slotStart: ts('slot_start').notNull(),
  slotEnd: ts('slot_end').notNull(),
  createdAt: created(),
});

export const tripDelays = pgTable('trip_delays', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  type: text('type').notNull(),
  reasonCode: text('reason_code').notNull(),
  remarks: text('remarks'),
  expectedAt: ts('expected_at'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const tripAlerts = pgTable('trip_alerts', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  state: text('state').notNull(),
  alertType: text('alert_type').notNull(),
  message: text('message'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const tripFeedback = pgTable('trip_feedback', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  action: text('action').notNull(),
  rating: integer('rating'),
  comment: text('comment'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const tripChatVariables = pgTable(
  'trip_chat_variables',
  {
    userId: text('user_id').notNull(),
    tripId: text('trip_id').notNull(),
    referenceId: text('reference_id'),
    actionType: text('action_type').notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tripId] })],
);

export const tripCharges = pgTable('trip_charges', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  type: text('type').$type<'DETENTION' | 'LOADING' | 'UNLOADING' | 'HALTING' | 'OTHER'>().notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  approvedPaisa: paisa('approved_paisa'),
  status: text('status').$type<'CLAIMED' | 'APPROVED' | 'REJECTED' | 'PAID'>().notNull().default('CLAIMED'),
  description: text('description').notNull(),
  documentKeys: jsonb('document_keys').$type<string[]>().notNull().default([]),
  decisionReason: text('decision_reason'),
  createdAt: created(),
  updatedAt: updated(),
});

export const tripDeductions = pgTable('trip_deductions', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  reason: text('reason').notNull(),
  amountPaisa: paisa('amount_paisa').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export type TripPaymentKind = 'ADVANCE' | 'BALANCE' | 'TOKEN_RELEASE' | 'TOKEN_REFUND' | 'TOKEN_FORFEIT';
export const tripPayments = pgTable(
  'trip_payments',
  {
    tripId: text('trip_id').notNull(),
    kind: text('kind').$type<TripPaymentKind>().notNull(),
    amountPaisa: paisa('amount_paisa').notNull(),
    entryId: text('entry_id'),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.kind] })],
);

export const tripInvoices = pgTable('trip_invoices', {
  tripId: text('trip_id').primaryKey(),
  fileKey: text('file_key').notNull(),
  invoiceNumber: text('invoice_number'),
  amountPaisa: paisa('amount_paisa'),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
});

export type TripFileStatus = 'PENDING' | 'UPLOADED' | 'SUBMITTED' | 'VERIFIED' | 'REJECTED' | 'REMOVED';
export const tripFiles = pgTable('trip_files', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  docType: text('doc_type').$type<'POD' | 'BILTI' | 'CHARGE_DOCUMENT' | 'INVOICE'>().notNull(),
  resourceKey: text('resource_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  status: text('status').$type<TripFileStatus>().notNull().default('PENDING'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  hasFile: boolean('has_file').notNull().default(true),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export const tripPodReviews = pgTable('trip_pod_reviews', {
  id: text('id').primaryKey(),
  tripId: text('trip_id').notNull(),
  resourceKeys: jsonb('resource_keys').$type<string[]>().notNull(),
  status: text('status').$type<'SUBMITTED' | 'VERIFIED' | 'REJECTED'>().notNull().default('SUBMITTED'),
  reason: text('reason'),
  submittedBy: text('submitted_by').notNull(),
  decidedBy: text('decided_by'),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});
