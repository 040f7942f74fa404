import type { LoadState } from '@bhada/contracts/marketplace/loads';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { consigners, demandResponses, demands, demandViews, operators, quotes, users } from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

export type DemandRow = typeof demands.$inferSelect;

export async function insertDemand(db: Db, row: typeof demands.$inferInsert): Promise<DemandRow> {
  const [inserted] = await db.insert(demands).values(row).returning();
  return inserted!;
}

export async function findDemand(db: Db, id: string): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demands).where(eq(demands.id, id)).limit(1);
  return row;
}

/** Locks the load for a state change (award, token, cancel) or shares it with other quotes. */
export async function lockDemand(db: Db, { id, mode }: { id: string; mode: 'update' | 'share' }): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demands).where(eq(demands.id, id)).limit(1).for(mode);
  return row;
}

/** The state machine's only write: moves a load only if it is still in the state it was read in. */
export async function updateDemandState(
  db: Db,
  { id, from, to, patch }: { id: string; from: LoadState; to: LoadState; patch: Partial<typeof demands.$inferInsert> },
): Promise<DemandRow | undefined> {
  const [row] = await db
    .update(demands)
    .set({ ...patch, state: to, updatedAt: new Date() })
    .where(and(eq(demands.id, id), eq(demands.state, from)))
    .returning();
  return row;
}

/** OPEN loads whose window has passed: the award sweep's work list. */
export async function listDueForAward(db: Db, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: demands.id })
    .from(demands)
    .where(and(eq(demands.state, 'OPEN'), sql`${demands.biddingEndsAt} <= ${now}`))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findResponse(db: Db, { demandId, operatorId }: { demandId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({ consent: demandResponses.consent })
    .from(demandResponses)
    .where(and(eq(demandResponses.demandId, demandId), eq(demandResponses.operatorId, operatorId)))
    .limit(1);
  return row;
}

export async function upsertResponse(
  db: Db,
  row: { demandId: string; operatorId: OperatorId; consent: 'ACCEPTED' | 'REJECTED'; userCode: string },
) {
  await db
    .insert(demandResponses)
    .values(row)
    .onConflictDoUpdate({
      target: [demandResponses.demandId, demandResponses.operatorId],
      set: { consent: row.consent, userCode: row.userCode, updatedAt: new Date() },
    });
}

/** Quoting implies interest: records ACCEPTED unless the operator already answered. */
export async function acceptIfUnanswered(db: Db, row: { demandId: string; operatorId: OperatorId; userCode: string }) {
  await db
    .insert(demandResponses)
    .values({ ...row, consent: 'ACCEPTED' })
    .onConflictDoNothing();
}

export async function insertView(db: Db, row: typeof demandViews.$inferInsert) {
  await db.insert(demandViews).values(row);
}

export async function findMyQuote(db: Db, { demandId, operatorId }: { demandId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({ amountPaisa: quotes.amountPaisa, placedAt: quotes.placedAt })
    .from(quotes)
    .where(and(eq(quotes.demandId, demandId), eq(quotes.operatorId, operatorId)))
    .limit(1);
  return row;
}

export * from './board.repository.ts';
export * from './board-kept.repository.ts';

type DemandPage = { state?: LoadState; limit: number; offset: number };

async function selectDemands(db: Db, input: DemandPage, consignerCode?: ConsignerCode) {
  const where: SQL[] = [];
  if (consignerCode !== undefined) where.push(eq(demands.consignerCode, consignerCode));
  if (input.state) where.push(eq(demands.state, input.state));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      demand: demands,
      consignerName: consigners.name,
      awardedOperatorName: operators.companyName,
      quoteCount: sql<number>`(SELECT count(*)::int FROM quotes q WHERE q.demand_id = ${demands.id})`,
      bestQuote: sql<string | null>`(SELECT min(q.amount_paisa) FROM quotes q WHERE q.demand_id = ${demands.id})`,
    })
    .from(demands)
    .innerJoin(consigners, eq(consigners.code, demands.consignerCode))
    .leftJoin(operators, eq(operators.id, demands.awardedOperatorId))
    .where(cond)
    .orderBy(desc(demands.createdAt), desc(demands.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(demands).where(cond);
  return { rows, total: total?.n ?? 0 };
}

/** One consigner's posted loads with quote counts. */
export async function listDemands(db: Db, input: DemandPage & { consignerCode: ConsignerCode }) {
  return selectDemands(db, input, input.consignerCode);
}

/** Every consigner's posted loads: the admin desk only. */
export async function listAllDemandsForAdmin(db: Db, input: DemandPage) {
  return selectDemands(db, input);
}

export async function listQuotesWithOperators(db: Db, demandId: string) {
  return db
    .select({
      operatorId: quotes.operatorId,
      operatorName: operators.name,
      companyName: operators.companyName,
      amountPaisa: quotes.amountPaisa,
      placedAt: quotes.placedAt,
      revisions: quotes.revisions,
    })
    .from(quotes)
    .innerJoin(operators, eq(operators.id, quotes.operatorId))
    .where(eq(quotes.demandId, demandId))
    .orderBy(quotes.amountPaisa, quotes.placedAt, quotes.operatorId);
}

/** Owner users of these operators, to tell them the result of an award. */
export async function ownersOf(db: Db, { operatorIds }: { operatorIds: OperatorId[] }) {
  if (!operatorIds.length) return [];
  return db
    .select({ operatorId: users.operatorId, userCode: users.userCode, phone: users.phone, name: users.name })
    .from(users)
    .where(and(inArray(users.operatorId, operatorIds), eq(users.kind, 'OPERATOR'), sql`${users.deletedAt} IS NULL`));
}

export async function findConsignerName(db: Db, { consignerCode: code }: { consignerCode: ConsignerCode }) {
  const [row] = await db.select({ name: consigners.name }).from(consigners).where(eq(consigners.code, code)).limit(1);
  return row?.name;
}
