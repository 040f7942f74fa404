import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demandResponses, demands, quoteEvents, quotes } from '../../db/schema/index.ts';
import type { OperatorId } from '../../lib/tenancy.ts';

/** Places or revises the current quote; a new amount restarts its tie-break time. */
export async function upsertQuote(
  db: Db,
  row: { demandId: string; operatorId: OperatorId; amountPaisa: number; userCode: string; now: Date },
) {
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

export async function deleteQuote(db: Db, { demandId, operatorId }: { demandId: string; operatorId: OperatorId }) {
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

/**
 * The load share-locked (the award takes it for update) together with what the quote path needs of
 * this operator: its current quote and its answer to the load, in one round trip (ADR 157).
 */
export async function lockForQuote(db: Db, { demandId, operatorId }: { demandId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select({
      demand: demands,
      amountPaisa: quotes.amountPaisa,
      placedAt: quotes.placedAt,
      consent: demandResponses.consent,
    })
    .from(demands)
    .leftJoin(quotes, and(eq(quotes.demandId, demands.id), eq(quotes.operatorId, operatorId)))
    .leftJoin(demandResponses, and(eq(demandResponses.demandId, demands.id), eq(demandResponses.operatorId, operatorId)))
    .where(eq(demands.id, demandId))
    .limit(1)
    .for('share', { of: demands });
  return row;
}

/** Where one quote stands among a load's quotes: how many bid, the best amount, how many rank ahead of it. */
export interface Standing {
  bidderCount: number;
  bestPaisa: number;
  rank: number;
}

interface StandingRow {
  others: number | string;
  best_other: number | string | null;
  ahead: number | string;
}

/** The other bidders' part of a standing, ranked by amount, then time placed, then operator (ADR 022). */
const othersOf = (q: { demandId: string; operatorId: OperatorId; amountPaisa: number; placedAt: Date }): SQL => sql`
  SELECT count(*) AS others, min(amount_paisa) AS best_other,
    count(*) FILTER (WHERE amount_paisa < ${q.amountPaisa}
      OR (amount_paisa = ${q.amountPaisa} AND (placed_at < ${q.placedAt.toISOString()}::timestamptz
        OR (placed_at = ${q.placedAt.toISOString()}::timestamptz AND operator_id < ${q.operatorId})))) AS ahead
  FROM quotes WHERE demand_id = ${q.demandId} AND operator_id <> ${q.operatorId}`;

function standingFrom(row: StandingRow | undefined, amountPaisa: number): Standing {
  const others = Number(row?.others ?? 0);
  const bestOther = row?.best_other === null || row?.best_other === undefined ? null : Number(row.best_other);
  return {
    bidderCount: others + 1,
    bestPaisa: bestOther === null ? amountPaisa : Math.min(bestOther, amountPaisa),
    rank: Number(row?.ahead ?? 0) + 1,
  };
}

/** The standing of a quote already stored. */
export async function standingOf(db: Db, q: { demandId: string; operatorId: OperatorId; amountPaisa: number; placedAt: Date }) {
  const result = (await db.execute(othersOf(q))) as unknown as { rows: StandingRow[] };
  return standingFrom(result.rows[0], q.amountPaisa);
}

/**
 * Stores a new or revised quote, its event row and the implied "interested" answer, and reads where
 * it now stands — one statement (ADR 157). The other bidders are read from the statement's snapshot,
 * which is exactly what the row-by-row path saw after its own writes.
 */
export async function writeQuote(
  db: Db,
  row: { demandId: string; operatorId: OperatorId; amountPaisa: number; userCode: string; now: Date },
): Promise<Standing> {
  const at = row.now.toISOString();
  const result = (await db.execute(sql`
    WITH up AS (
      INSERT INTO quotes (demand_id, operator_id, amount_paisa, placed_at, user_code, updated_at)
      VALUES (${row.demandId}, ${row.operatorId}, ${row.amountPaisa}, ${at}::timestamptz, ${row.userCode}, ${at}::timestamptz)
      ON CONFLICT (demand_id, operator_id) DO UPDATE SET amount_paisa = EXCLUDED.amount_paisa, placed_at = EXCLUDED.placed_at,
        user_code = EXCLUDED.user_code, updated_at = EXCLUDED.updated_at, revisions = quotes.revisions + 1
      RETURNING 1
    ), ev AS (
      INSERT INTO quote_events (demand_id, operator_id, amount_paisa, user_code, created_at)
      VALUES (${row.demandId}, ${row.operatorId}, ${row.amountPaisa}, ${row.userCode}, ${at}::timestamptz)
      RETURNING 1
    ), answered AS (
      INSERT INTO demand_responses (demand_id, operator_id, consent, user_code)
      VALUES (${row.demandId}, ${row.operatorId}, 'ACCEPTED', ${row.userCode})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    ${othersOf({ ...row, placedAt: row.now })}`)) as unknown as { rows: StandingRow[] };
  return standingFrom(result.rows[0], row.amountPaisa);
}
