import { boolean, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { OperatorId } from '../../lib/tenancy.ts';
import { created, paisa, ts, updated } from './columns.ts';

export type TicketStatusValue = 'OPEN' | 'IN_PROGRESS' | 'RESOLVED' | 'CLOSED';

/** The tickets table (migration 0030) with the working columns support adds (migration 0120). */
export const supportTickets = pgTable('tickets', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  raisedBy: text('raised_by').notNull(),
  category: text('category').notNull(),
  referenceType: text('reference_type').notNull(),
  referenceId: text('reference_id').notNull(),
  subject: text('subject').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').$type<TicketStatusValue>().notNull().default('OPEN'),
  assignedTo: text('assigned_to'),
  outcome: text('outcome').$type<'OPERATOR_FAVOUR' | 'REJECTED' | 'ANSWERED'>(),
  resolvedAt: ts('resolved_at'),
  resolvedBy: text('resolved_by'),
  creditedTxnId: text('credited_txn_id'),
  messageCount: integer('message_count').notNull().default(0),
  lastMessageAt: ts('last_message_at'),
  createdAt: created(),
  updatedAt: updated(),
});

export const ticketMessages = pgTable('ticket_messages', {
  id: text('id').primaryKey(),
  ticketId: text('ticket_id').notNull(),
  author: text('author').$type<'OPERATOR' | 'SUPPORT' | 'SYSTEM'>().notNull(),
  authorCode: text('author_code').notNull(),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  createdAt: created(),
});

export const ticketFiles = pgTable('ticket_files', {
  id: text('id').primaryKey(),
  ticketId: text('ticket_id').notNull(),
  resourceKey: text('resource_key').notNull(),
  contentType: text('content_type').notNull(),
  status: text('status').$type<'PENDING' | 'ATTACHED' | 'REJECTED'>().notNull().default('PENDING'),
  messageId: text('message_id'),
  sizeBytes: integer('size_bytes'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
});

export interface StoredQuestion {
  questionId: string;
  kind: 'SINGLE' | 'MULTIPLE' | 'RATING' | 'TEXT';
  text: { en: string; hi: string };
  options: Array<{ value: string; en: string; hi: string }>;
  required: boolean;
}

export const surveys = pgTable('surveys', {
  id: text('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleHi: text('title_hi').notNull(),
  questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: created(),
});

export const surveyResponses = pgTable(
  'survey_responses',
  {
    surveyId: text('survey_id').notNull(),
    userId: text('user_id').notNull(),
    operatorId: text('operator_id').$type<OperatorId>(),
    answers: jsonb('answers').$type<Array<{ questionId: string; value: string | string[] | number }>>().notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

export interface StoredCard {
  titleEn: string;
  titleHi: string;
  textEn: string;
  textHi: string;
  imageUrl: string | null;
  videoUrl: string | null;
}

export const trainingModules = pgTable('training_modules', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  source: text('source').notNull().default('APP'),
  sort: integer('sort').notNull().default(0),
  titleEn: text('title_en').notNull(),
  titleHi: text('title_hi').notNull(),
  cards: jsonb('cards').$type<StoredCard[]>().notNull(),
  createdAt: created(),
});

export const trainingCompletions = pgTable(
  'training_completions',
  {
    userId: text('user_id').notNull(),
    moduleId: text('module_id').notNull(),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

export const widgetAcknowledgements = pgTable(
  'widget_acknowledgements',
  {
    userId: text('user_id').notNull(),
    widget: text('widget').notNull(),
    refId: text('ref_id').notNull().default(''),
    acknowledgedAt: ts('acknowledged_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.widget, t.refId] })],
);

export type RateCardStatus = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

export const rateCards = pgTable('rate_cards', {
  id: text('id').primaryKey(),
  operatorId: text('operator_id').$type<OperatorId>().notNull(),
  origin: text('origin').notNull(),
  destination: text('destination').notNull(),
  bodyType: text('body_type').notNull(),
  tonnage: numeric('tonnage', { mode: 'number' }).notNull(),
  ratePaisa: paisa('rate_paisa').notNull(),
  status: text('status').$type<RateCardStatus>().notNull().default('DRAFT'),
  reason: text('reason'),
  decidedBy: text('decided_by'),
  createdAt: created(),
  updatedAt: updated(),
});

export const referralCodes = pgTable('referral_codes', {
  operatorId: text('operator_id').$type<OperatorId>().primaryKey(),
  code: text('code').notNull(),
  createdAt: created(),
});

/** A code sent to the phone of someone joining through a referral link; the referral is taken once it is entered. */
export const referralConfirmations = pgTable('referral_confirmations', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  ip: text('ip'),
  createdAt: created(),
});

export const referrals = pgTable('referrals', {
  id: text('id').primaryKey(),
  referrerOperatorId: text('referrer_operator_id').$type<OperatorId>().notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  city: text('city').notNull(),
  fleetSize: integer('fleet_size').notNull(),
  status: text('status').$type<'JOINED' | 'REGISTERED' | 'REWARDED'>().notNull().default('JOINED'),
  referredOperatorId: text('referred_operator_id').$type<OperatorId>(),
  rewardPaisa: paisa('reward_paisa'),
  rewardEntryId: text('reward_entry_id'),
  rewardedAt: ts('rewarded_at'),
  createdAt: created(),
});
