import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../../db/client.ts';
import { type demands, quoteEvents, quotes } from '../../../db/schema/index.ts';

type LoadState = (typeof demands.$inferSelect)['state'];

import type { OperatorId } from '../../../lib/tenancy.ts';

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

/** Where one quote stands among a load's quotes: how many bid, the best amount, how many rank ahead of it. */
export interface Standing {
  bidderCount: number;
  bestPaisa: number;
  rank: number;
}

/** The load as the quote path needs it, with this operator's quote and answer before the statement. */
export interface QuoteAttempt {
  demand: {
    state: LoadState;
    biddingEndsAt: Date;
    awardedOperatorId: OperatorId | null;
    rankSalt: string;
  };
  /** open for quotes at `now`, as the database compares the times */
  windowOpen: boolean;
  /** the operator's quote before this one (null: none) and its answer to the load */
  previousPaisa: number | null;
  consent: 'ACCEPTED' | 'REJECTED' | null;
  /** whether this statement stored the quote (the window was open, the load not rejected, the amount new) */
  written: boolean;
  /** when the operator's current quote was placed: now if written, else the earlier time (null: no quote) */
  placedAt: Date | null;
  standing: Standing;
}

interface AttemptRow {
  state: LoadState;
  bidding_ends_at: Date | string;
  awarded_operator_id: string | null;
  rank_salt: string;
  window_open: boolean;
  previous_paisa: number | string | null;
  consent: 'ACCEPTED' | 'REJECTED' | null;
  written: boolean;
  placed_at: Date | string | null;
  others: number | string;
  best_other: number | string | null;
  ahead: number | string;
}

const quoteValues = {
  demandId: sql.placeholder('demandId'),
  operatorId: sql.placeholder('operatorId'),
  amountPaisa: sql.placeholder('amountPaisa'),
  userCode: sql.placeholder('userCode'),
  at: sql.placeholder('at'),
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * A quote in one statement and one round trip (ADR 167): the load row share-locked, the operator's
 * current quote and answer, then — only if the window is open at `now`, the load not rejected and the
 * amount new — the upsert, the `quote_events` row and the implied ACCEPTED answer, and the quote's
 * standing among the other bidders (amount, then time placed, then operator — ADR 022).
 *
 * The share lock is what keeps an award or close exact: they take the row FOR UPDATE, so a quote either
 * commits before they read the ranking or waits for them and then sees the load's new state (READ
 * COMMITTED re-reads a row it waited for), and writes nothing. Run outside a transaction, the statement
 * is its own: the lock is held only while it runs. Undefined when the load does not exist.
 */
export async function placeQuoteIfOpen(
  db: Db,
  q: { demandId: string; operatorId: OperatorId; amountPaisa: number; userCode: string; now: Date },
): Promise<QuoteAttempt | undefined> {
  const at = q.now.toISOString();
  // named: PostgreSQL plans this statement once per connection, not once per quote (ADR 176), and its text is
  // built once per process (ADR 186)
  const [row] = await executePrepared<AttemptRow>(
    db,
    'place-quote-if-open',
    () => {
      const v = quoteValues;
      return sql`
    WITH d AS (
      SELECT state, bidding_ends_at, awarded_operator_id, rank_salt FROM demands WHERE id = ${v.demandId} FOR SHARE
    ), mine AS (
      SELECT amount_paisa, placed_at FROM quotes WHERE demand_id = ${v.demandId} AND operator_id = ${v.operatorId}
    ), said AS (
      SELECT consent FROM demand_responses WHERE demand_id = ${v.demandId} AND operator_id = ${v.operatorId}
    ), open AS (
      SELECT d.state = 'OPEN' AND d.bidding_ends_at > ${v.at}::timestamptz AS window_open FROM d
    ), go AS (
      SELECT 1 FROM open
      WHERE open.window_open
        AND NOT EXISTS (SELECT 1 FROM said WHERE consent = 'REJECTED')
        AND NOT EXISTS (SELECT 1 FROM mine WHERE amount_paisa = ${v.amountPaisa})
    ), up AS (
      INSERT INTO quotes (demand_id, operator_id, amount_paisa, placed_at, user_code, updated_at)
      SELECT ${v.demandId}, ${v.operatorId}, ${v.amountPaisa}, ${v.at}::timestamptz, ${v.userCode}, ${v.at}::timestamptz FROM go
      ON CONFLICT (demand_id, operator_id) DO UPDATE SET amount_paisa = EXCLUDED.amount_paisa, placed_at = EXCLUDED.placed_at,
        user_code = EXCLUDED.user_code, updated_at = EXCLUDED.updated_at, revisions = quotes.revisions + 1
      RETURNING placed_at
    ), ev AS (
      INSERT INTO quote_events (demand_id, operator_id, amount_paisa, user_code, created_at)
      SELECT ${v.demandId}, ${v.operatorId}, ${v.amountPaisa}, ${v.userCode}, ${v.at}::timestamptz FROM go
    ), answered AS (
      INSERT INTO demand_responses (demand_id, operator_id, consent, user_code)
      SELECT ${v.demandId}, ${v.operatorId}, 'ACCEPTED', ${v.userCode} FROM go
      ON CONFLICT DO NOTHING
    ), me AS (
      SELECT coalesce((SELECT placed_at FROM up), (SELECT placed_at FROM mine)) AS placed_at
    )
    SELECT d.state, d.bidding_ends_at, d.awarded_operator_id, d.rank_salt, open.window_open,
      (SELECT amount_paisa FROM mine) AS previous_paisa, (SELECT consent FROM said) AS consent,
      EXISTS (SELECT 1 FROM up) AS written, me.placed_at, o.others, o.best_other, o.ahead
    FROM d CROSS JOIN open CROSS JOIN me CROSS JOIN LATERAL (
      SELECT count(*) AS others, min(amount_paisa) AS best_other,
        count(*) FILTER (WHERE amount_paisa < ${v.amountPaisa}
          OR (amount_paisa = ${v.amountPaisa} AND (placed_at < me.placed_at
            OR (placed_at = me.placed_at AND operator_id < ${v.operatorId})))) AS ahead
      FROM quotes WHERE demand_id = ${v.demandId} AND operator_id <> ${v.operatorId}
    ) o`;
    },
    { demandId: q.demandId, operatorId: q.operatorId, amountPaisa: q.amountPaisa, userCode: q.userCode, at },
  );
  if (!row) return undefined;
  const others = Number(row.others);
  const bestOther = row.best_other === null ? null : Number(row.best_other);
  return {
    demand: {
      state: row.state,
      biddingEndsAt: asDate(row.bidding_ends_at),
      awardedOperatorId: row.awarded_operator_id as OperatorId | null,
      rankSalt: row.rank_salt,
    },
    windowOpen: row.window_open,
    previousPaisa: row.previous_paisa === null ? null : Number(row.previous_paisa),
    consent: row.consent,
    written: row.written,
    placedAt: row.placed_at === null ? null : asDate(row.placed_at),
    standing: {
      bidderCount: others + 1,
      bestPaisa: bestOther === null ? q.amountPaisa : Math.min(bestOther, q.amountPaisa),
      rank: Number(row.ahead) + 1,
    },
  };
}
