import { bigserial, boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { created, paisa } from './columns.ts';

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  ownerId: text('owner_id').notNull(),
  currency: text('currency').notNull().default('INR'),
  balance: paisa('balance').notNull().default(0),
  allowNegative: boolean('allow_negative').notNull().default(false),
  createdAt: created(),
});

export const journalEntries = pgTable('journal_entries', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  memo: text('memo').notNull(),
  /** the memo as data, rendered in the reader's language (ADR 275); null on rows written before it */
  memoData: jsonb('memo_data'),
  referenceType: text('reference_type'),
  referenceId: text('reference_id'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: created(),
});

export const postings = pgTable('postings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entryId: text('entry_id').notNull(),
  accountId: text('account_id').notNull(),
  amount: paisa('amount').notNull(),
  balanceAfter: paisa('balance_after').notNull(),
  createdAt: created(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
