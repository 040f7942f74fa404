import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created, ts, updated } from './columns.ts';

export type MessageLogState = 'queued' | 'sent' | 'delivered' | 'failed';

/** One message sent through a provider (issue 46, migration 0210). `sealedVariables` is never shown. */
export const messageLog = pgTable('message_log', {
  id: text('id').primaryKey(),
  channel: text('channel').$type<'sms' | 'whatsapp'>().notNull(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  provider: text('provider').notNull(),
  providerMessageId: text('provider_message_id'),
  state: text('state').$type<MessageLogState>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  sealedVariables: text('sealed_variables'),
  lastError: text('last_error'),
  leaseUntil: ts('lease_until'),
  nextAttemptAt: ts('next_attempt_at'),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
  failedAt: ts('failed_at'),
  createdAt: created(),
  updatedAt: updated(),
});
