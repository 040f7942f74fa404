import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operators, type RateCardStatus, rateCards } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type RateCardRow = typeof rateCards.$inferSelect;

export async function listCards(db: Db, p: { operatorId: OperatorId }) {
  return db
    .select()
    .from(rateCards)
    .where(eq(rateCards.operatorId, p.operatorId))
    .orderBy(desc(rateCards.updatedAt), desc(rateCards.id))
    .limit(200);
}

export async function findCards(db: Db, p: { operatorId: OperatorId; ids: string[] }) {
  if (!p.ids.length) return [];
  return db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.operatorId, p.operatorId), inArray(rateCards.id, p.ids)))
    .for('update');
}

export async function insertCard(db: Db, p: { row: typeof rateCards.$inferInsert }) {
  await db.insert(rateCards).values(p.row);
}

export async function updateCard(db: Db, p: { id: string; set: Partial<typeof rateCards.$inferInsert> }) {
  const [row] = await db
    .update(rateCards)
    .set({ ...p.set, updatedAt: new Date() })
    .where(eq(rateCards.id, p.id))
    .returning();
  return row;
}

export async function lockAnyCard(db: Db, p: { id: string }) {
  const [row] = await db.select().from(rateCards).where(eq(rateCards.id, p.id)).for('update').limit(1);
  return row;
}

export async function listByStatus(db: Db, p: { status: RateCardStatus; limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ card: rateCards, operatorName: operators.name })
      .from(rateCards)
      .innerJoin(operators, eq(operators.id, rateCards.operatorId))
      .where(eq(rateCards.status, p.status))
      .orderBy(rateCards.updatedAt, rateCards.id)
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(rateCards).where(eq(rateCards.status, p.status)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The operator's approved rate for a lane and vehicle (case-insensitive names, nearest tonnage at or above). */
export async function findApproved(
  db: Db,
  p: { operatorId: OperatorId; origin: string; destination: string; bodyType: string; tonnage: number },
) {
  const [row] = await db
    .select()
    .from(rateCards)
    .where(
      and(
        eq(rateCards.operatorId, p.operatorId),
        eq(rateCards.status, 'APPROVED'),
        sql`lower(${rateCards.origin}) = lower(${p.origin})`,
        sql`lower(${rateCards.destination}) = lower(${p.destination})`,
        sql`lower(${rateCards.bodyType}) = lower(${p.bodyType})`,
        sql`${rateCards.tonnage} >= ${p.tonnage}`,
      ),
    )
    .orderBy(rateCards.tonnage)
    .limit(1);
  return row;
}
