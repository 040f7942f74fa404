import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quoteEvents, quotes } from '../../db/schema/index.ts';

/** Places or revises the current quote; a new amount restarts its tie-break time. */
export async function upsertQuote(db: Db, row: { demandId: string; operatorId: string; amountPaisa: number; userCode: string; now: Date }) {
  await db
    .insert(quotes)
    .values({
      demandId: row.demandId,
      operatorId: row.operatorId,
      amountPaisa: row.amountPaisa,
      placedAt: row.now,
      userCode: row.userCode,
      updatedAt: row.now,
    })
    .onConflictDoUpdate({
      target: [quotes.demandId, quotes.operatorId],
      set: {
        amountPaisa: row.amountPaisa,
        placedAt: row.now,
        userCode: row.userCode,
        updatedAt: row.now,
        revisions: sql`${quotes.revisions} + 1`,
      },
    });
  await db.insert(quoteEvents).values({
    demandId: row.demandId,
    operatorId: row.operatorId,
    amountPaisa: row.amountPaisa,
    userCode: row.userCode,
    createdAt: row.now,
  });
}

export async function deleteQuote(db: Db, demandId: string, operatorId: string) {
  const gone = await db
    .delete(quotes)
    .where(and(eq(quotes.demandId, demandId), eq(quotes.operatorId, operatorId)))
    .returning({ operatorId: quotes.operatorId });
  return gone.length > 0;
}

/** Best first: lowest amount, then the earlier time that amount was placed (ADR 022). */
export async function ranking(db: Db, demandId: string) {
  return db
    .select({ operatorId: quotes.operatorId, amountPaisa: quotes.amountPaisa, placedAt: quotes.placedAt })
    .from(quotes)
    .where(eq(quotes.demandId, demandId))
    .orderBy(asc(quotes.amountPaisa), asc(quotes.placedAt), asc(quotes.operatorId));
}

/** Recent winning prices on a lane, for the quote-quality benchmark (ADR 023). */
export async function recentLanePrices(db: Db, input: { originCity: string; destinationCity: string; since: Date; limit: number }) {
  const result = (await db.execute(sql`
    SELECT awarded_price_paisa AS price, distance_km
    FROM demands
    WHERE origin_city = ${input.originCity} AND destination_city = ${input.destinationCity}
      AND awarded_at IS NOT NULL AND awarded_at >= ${input.since} AND awarded_price_paisa IS NOT NULL
    ORDER BY awarded_at DESC
    LIMIT ${input.limit}`)) as unknown as { rows: Array<{ price: string | number; distance_km: number }> };
  return result.rows.map((r) => Number(r.price));
}
