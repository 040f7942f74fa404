import { and, asc, between, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  fastags,
  fastagTransactions,
  positions,
  tollCheckCursor,
  tollChecks,
  tollFlags,
  tollPlazaReports,
  trips,
  vehicles,
} from '../../../db/schema/index.ts';

/** The applied toll debits among `ids` not checked yet, with what the check needs of the vehicle and its tag. */
export function uncheckedTolls(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: fastagTransactions.id,
      seq: fastagTransactions.seq,
      operatorId: fastagTransactions.operatorId,
      vehicleId: fastagTransactions.vehicleId,
      tagId: fastagTransactions.tagId,
      amountPaisa: fastagTransactions.amountPaisa,
      plaza: fastagTransactions.plaza,
      plazaCode: fastagTransactions.plazaCode,
      laneDirection: fastagTransactions.laneDirection,
      vehicleClass: fastagTransactions.vehicleClass,
      occurredAt: fastagTransactions.occurredAt,
      tyreCount: vehicles.tyreCount,
      tonnage: vehicles.tonnage,
      tagClass: fastags.tagClass,
    })
    .from(fastagTransactions)
    .innerJoin(vehicles, eq(vehicles.id, fastagTransactions.vehicleId))
    .leftJoin(fastags, eq(fastags.tagId, fastagTransactions.tagId))
    .leftJoin(tollChecks, eq(tollChecks.txnId, fastagTransactions.id))
    .where(
      and(
        inArray(fastagTransactions.id, ids),
        eq(fastagTransactions.kind, 'TOLL'),
        eq(fastagTransactions.status, 'SUCCESS'),
        isNull(tollChecks.txnId),
      ),
    )
    .orderBy(asc(fastagTransactions.seq));
}
export type TollToCheck = Awaited<ReturnType<typeof uncheckedTolls>>[number];

/** The vehicle's other applied tolls at the same plaza within `minutes` either side of the read. */
export function readsNear(db: Db, toll: TollToCheck, minutes: number) {
  const ms = minutes * 60_000;
  const samePlaza = toll.plazaCode
    ? eq(fastagTransactions.plazaCode, toll.plazaCode)
    : and(isNull(fastagTransactions.plazaCode), eq(fastagTransactions.plaza, toll.plaza ?? ''));
  return db
    .select({
      id: fastagTransactions.id,
      seq: fastagTransactions.seq,
      amountPaisa: fastagTransactions.amountPaisa,
      laneDirection: fastagTransactions.laneDirection,
      occurredAt: fastagTransactions.occurredAt,
    })
    .from(fastagTransactions)
    .where(
      and(
        eq(fastagTransactions.operatorId, toll.operatorId),
        eq(fastagTransactions.vehicleId, toll.vehicleId),
        eq(fastagTransactions.status, 'SUCCESS'),
        between(fastagTransactions.occurredAt, new Date(toll.occurredAt.getTime() - ms), new Date(toll.occurredAt.getTime() + ms)),
        eq(fastagTransactions.kind, 'TOLL'),
        ne(fastagTransactions.id, toll.id),
        samePlaza,
      ),
    );
}

/** The vehicle's trip at the time of the read: opened before it, not cancelled, not completed before it. */
export async function tripAt(db: Db, toll: TollToCheck) {
  const [row] = await db
    .select({ id: trips.id, state: trips.state })
    .from(trips)
    .where(
      and(
        eq(trips.operatorId, toll.operatorId),
        eq(trips.vehicleId, toll.vehicleId),
        ne(trips.state, 'CANCELLED'),
        lte(trips.createdAt, toll.occurredAt),
        or(isNull(trips.completedAt), gte(trips.completedAt, toll.occurredAt)),
      ),
    )
    .orderBy(desc(trips.createdAt))
    .limit(1);
  return row ?? null;
}

/** The vehicle's positions within `minutes` either side of the read, oldest first. */
export function positionsAround(db: Db, toll: TollToCheck, minutes: number) {
  const ms = minutes * 60_000;
  return db
    .select({ lat: positions.lat, lng: positions.lng, recordedAt: positions.recordedAt, tripId: positions.tripId })
    .from(positions)
    .where(
      and(
        eq(positions.vehicleId, toll.vehicleId),
        between(positions.recordedAt, new Date(toll.occurredAt.getTime() - ms), new Date(toll.occurredAt.getTime() + ms)),
      ),
    )
    .orderBy(asc(positions.recordedAt))
    .limit(500);
}

export async function reportedPlaza(db: Db, key: string) {
  const [row] = await db.select().from(tollPlazaReports).where(eq(tollPlazaReports.plazaKey, key)).limit(1);
  return row ?? null;
}

export async function saveReportedPlazas(db: Db, reports: Array<{ plazaKey: string; name: string; lat: number; lng: number }>) {
  if (!reports.length) return;
  await db
    .insert(tollPlazaReports)
    .values(reports)
    .onConflictDoUpdate({
      target: tollPlazaReports.plazaKey,
      set: { name: sql`excluded.name`, lat: sql`excluded.lat`, lng: sql`excluded.lng`, reportedAt: sql`now()` },
    });
}

export type FlagInsert = typeof tollFlags.$inferInsert;
/** Rows per insert statement: 14 columns each, well inside PostgreSQL's 65,535 parameters. */
const SLICE = 1000;
export type CheckInsert = typeof tollChecks.$inferInsert;

/** The checks and their flags, each once: a toll checked twice (intake and catch-up at once) keeps the first. */
export async function saveChecks(db: Db, checks: CheckInsert[], flags: FlagInsert[]) {
  // in slices, so a busy batch (many reads of one tag at one plaza) stays within a statement's parameter limit
  for (let i = 0; i < checks.length; i += SLICE)
    await db
      .insert(tollChecks)
      .values(checks.slice(i, i + SLICE))
      .onConflictDoNothing();
  for (let i = 0; i < flags.length; i += SLICE)
    await db
      .insert(tollFlags)
      .values(flags.slice(i, i + SLICE))
      .onConflictDoNothing({ target: [tollFlags.txnId, tollFlags.kind] });
}

/** The next applied toll debits after `seq`, in seq order (the catch-up reads forward, never rescans). */
export async function tollIdsAfter(db: Db, seq: number, limit: number) {
  return db
    .select({ id: fastagTransactions.id, seq: fastagTransactions.seq })
    .from(fastagTransactions)
    .where(and(gt(fastagTransactions.seq, seq), eq(fastagTransactions.kind, 'TOLL'), eq(fastagTransactions.status, 'SUCCESS')))
    .orderBy(asc(fastagTransactions.seq))
    .limit(limit);
}

export async function cursorAt(db: Db, name: string) {
  const [row] = await db.select({ lastSeq: tollCheckCursor.lastSeq }).from(tollCheckCursor).where(eq(tollCheckCursor.name, name));
  return row?.lastSeq ?? 0;
}

export async function moveCursor(db: Db, name: string, lastSeq: number) {
  await db
    .insert(tollCheckCursor)
    .values({ name, lastSeq })
    .onConflictDoUpdate({ target: tollCheckCursor.name, set: { lastSeq: sql`greatest(${tollCheckCursor.lastSeq}, excluded.last_seq)` } });
}
