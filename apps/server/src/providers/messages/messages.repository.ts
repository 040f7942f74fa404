import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MessageLogState, messageLog } from '../../db/schema/index.ts';

export type MessageRow = typeof messageLog.$inferSelect;

/** Inserts the message unless its idempotency key is taken; either way answers the row that holds the key. */
export async function insertOnce(db: Db, row: typeof messageLog.$inferInsert): Promise<{ row: MessageRow; created: boolean }> {
  const [inserted] = await db.insert(messageLog).values(row).onConflictDoNothing({ target: messageLog.idempotencyKey }).returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db.select().from(messageLog).where(eq(messageLog.idempotencyKey, row.idempotencyKey)).limit(1);
  if (!existing) throw new Error('message log row vanished');
  return { row: existing, created: false };
}

/**
 * Takes a queued message for one attempt: counts the attempt and leases the row, so a second worker that
 * gets the same job while the first is talking to the provider leaves it alone.
 */
export async function claim(db: Db, id: string, leaseMs: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messageLog)
    .set({
      attempts: sql`${messageLog.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(messageLog.id, id), eq(messageLog.state, 'queued'), or(isNull(messageLog.leaseUntil), lt(messageLog.leaseUntil, sql`now()`))),
    )
    .returning();
  return row;
}

export async function markSent(db: Db, id: string, providerMessageId: string) {
  await db
    .update(messageLog)
    .set({
      state: 'sent',
      providerMessageId,
      sealedVariables: null,
      leaseUntil: null,
      nextAttemptAt: null,
      lastError: null,
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(messageLog.id, id), eq(messageLog.state, 'queued')));
}

export async function markFailed(db: Db, id: string, reason: string) {
  await db
    .update(messageLog)
    .set({
      state: 'failed',
      sealedVariables: null,
      leaseUntil: null,
      nextAttemptAt: null,
      lastError: reason,
      failedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(messageLog.id, id), eq(messageLog.state, 'queued')));
}

export async function markRetry(db: Db, id: string, reason: string, at: Date) {
  await db
    .update(messageLog)
    .set({ leaseUntil: null, nextAttemptAt: at, lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(messageLog.id, id), eq(messageLog.state, 'queued')));
}

/**
 * A provider's report moves a sent message on; a message already delivered or failed keeps its state (reports
 * come more than once and out of order). Answers the rows that changed.
 */
export async function applyReport(
  db: Db,
  {
    provider,
    providerMessageId,
    state,
    reason,
  }: { provider: string; providerMessageId: string; state: 'delivered' | 'failed'; reason?: string },
): Promise<MessageRow[]> {
  const from: MessageLogState[] = ['sent'];
  return db
    .update(messageLog)
    .set(
      state === 'delivered'
        ? { state, deliveredAt: sql`now()`, updatedAt: sql`now()` }
        : { state, failedAt: sql`now()`, lastError: reason ?? 'not delivered', updatedAt: sql`now()` },
    )
    .where(and(eq(messageLog.provider, provider), eq(messageLog.providerMessageId, providerMessageId), inArray(messageLog.state, from)))
    .returning();
}

export async function findById(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messageLog).where(eq(messageLog.id, id)).limit(1);
  return row;
}

export async function findByKey(db: Db, idempotencyKey: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messageLog).where(eq(messageLog.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

/** Queued messages whose retry time has come and that nobody holds (the sweep after a lost job). */
export async function listDue(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: messageLog.id })
    .from(messageLog)
    .where(
      and(
        eq(messageLog.state, 'queued'),
        or(isNull(messageLog.nextAttemptAt), lt(messageLog.nextAttemptAt, sql`now()`)),
        or(isNull(messageLog.leaseUntil), lt(messageLog.leaseUntil, sql`now()`)),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What the support desk reads: every column but the sealed variables. */
export async function listForSupport(db: Db, { recipient, limit }: { recipient?: string; limit: number }) {
  return db
    .select({
      id: messageLog.id,
      channel: messageLog.channel,
      kind: messageLog.kind,
      recipient: messageLog.recipient,
      provider: messageLog.provider,
      providerMessageId: messageLog.providerMessageId,
      state: messageLog.state,
      attempts: messageLog.attempts,
      lastError: messageLog.lastError,
      createdAt: messageLog.createdAt,
      sentAt: messageLog.sentAt,
      deliveredAt: messageLog.deliveredAt,
      failedAt: messageLog.failedAt,
    })
    .from(messageLog)
    .where(recipient ? eq(messageLog.recipient, recipient) : undefined)
    .orderBy(desc(messageLog.createdAt))
    .limit(limit);
}
