import type { TollFlagKind, TollFlagState } from '@bhada/contracts/money/fastag';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fastagTransactions, tollFlags, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export interface FlagFilter {
  operatorId: OperatorId;
  vehicleId?: string;
  state?: TollFlagState;
  kind?: TollFlagKind;
}

const where = (f: FlagFilter) =>
  and(
    eq(tollFlags.operatorId, f.operatorId),
    f.vehicleId ? eq(tollFlags.vehicleId, f.vehicleId) : undefined,
    f.state ? eq(tollFlags.state, f.state) : undefined,
    f.kind ? eq(tollFlags.kind, f.kind) : undefined,
  );

const flagColumns = {
  id: tollFlags.id,
  txnId: tollFlags.txnId,
  vehicleId: tollFlags.vehicleId,
  vehicleNumber: vehicles.number,
  kind: tollFlags.kind,
  state: tollFlags.state,
  plaza: fastagTransactions.plaza,
  occurredAt: tollFlags.occurredAt,
  amountPaisa: fastagTransactions.amountPaisa,
  atStakePaisa: tollFlags.atStakePaisa,
  recoveredPaisa: tollFlags.recoveredPaisa,
  evidence: tollFlags.evidence,
  dismissedReason: tollFlags.dismissedReason,
  ticketId: tollFlags.ticketId,
};

const flagsJoined = (db: Db) =>
  db
    .select(flagColumns)
    .from(tollFlags)
    .innerJoin(fastagTransactions, eq(fastagTransactions.id, tollFlags.txnId))
    .innerJoin(vehicles, and(eq(vehicles.id, tollFlags.vehicleId), eq(vehicles.operatorId, tollFlags.operatorId)));

/** A page of the operator's flags, newest read first. */
export function listFlags(db: Db, filter: FlagFilter, page: { limit: number; offset: number }) {
  return flagsJoined(db).where(where(filter)).orderBy(desc(tollFlags.occurredAt), desc(tollFlags.id)).limit(page.limit).offset(page.offset);
}
export type FlagRow = Awaited<ReturnType<typeof listFlags>>[number];

export async function countFlags(db: Db, filter: FlagFilter) {
  const [row] = await db.select({ n: count() }).from(tollFlags).where(where(filter));
  return row?.n ?? 0;
}

/** The money at stake (open and disputed flags) and recovered, by kind, over the operator's (or a vehicle's) flags. */
export function flagTotals(db: Db, filter: Pick<FlagFilter, 'operatorId' | 'vehicleId'>) {
  return db
    .select({
      kind: tollFlags.kind,
      count: count(),
      atStakePaisa:
        sql<number>`coalesce(sum(${tollFlags.atStakePaisa}) filter (where ${tollFlags.state} in ('OPEN', 'DISPUTED')), 0)`.mapWith(Number),
      recoveredPaisa: sql<number>`coalesce(sum(${tollFlags.recoveredPaisa}), 0)`.mapWith(Number),
    })
    .from(tollFlags)
    .where(where(filter))
    .groupBy(tollFlags.kind);
}

export async function findFlag(db: Db, operatorId: OperatorId, id: string) {
  const [row] = await flagsJoined(db)
    .where(and(eq(tollFlags.operatorId, operatorId), eq(tollFlags.id, id)))
    .limit(1);
  return row ?? null;
}

/** Dismisses an open flag; null when it is not open (or not the operator's). */
export async function dismissFlag(db: Db, operatorId: OperatorId, id: string, reason: string) {
  const [row] = await db
    .update(tollFlags)
    .set({ state: 'DISMISSED', dismissedReason: reason, updatedAt: new Date() })
    .where(and(eq(tollFlags.operatorId, operatorId), eq(tollFlags.id, id), eq(tollFlags.state, 'OPEN')))
    .returning({ id: tollFlags.id });
  return row ?? null;
}

/** The open flags of one toll, whose evidence goes with its dispute. */
export function openFlagsOfTxn(db: Db, operatorId: OperatorId, txnId: string) {
  return db
    .select({ id: tollFlags.id, kind: tollFlags.kind, evidence: tollFlags.evidence, atStakePaisa: tollFlags.atStakePaisa })
    .from(tollFlags)
    .where(and(eq(tollFlags.operatorId, operatorId), eq(tollFlags.txnId, txnId), eq(tollFlags.state, 'OPEN')));
}

export async function markDisputed(db: Db, operatorId: OperatorId, ids: string[], ticketId: string) {
  if (!ids.length) return;
  await db
    .update(tollFlags)
    .set({ state: 'DISPUTED', ticketId, updatedAt: new Date() })
    .where(and(eq(tollFlags.operatorId, operatorId), inArray(tollFlags.id, ids), eq(tollFlags.state, 'OPEN')));
}

/**
 * The flags a refunded dispute ticket carried become REFUNDED, once: the credit is counted as recovered on one
 * of them (the toll was credited once, whatever number of flags it had).
 */
export async function markRefunded(db: Db, ticketId: string, creditedPaisa: number) {
  return db
    .update(tollFlags)
    .set({
      state: 'REFUNDED',
      recoveredPaisa: sql`case when ${tollFlags.id} = (select min(f.id) from toll_flags f where f.ticket_id = ${ticketId}) then ${creditedPaisa}::bigint else 0 end`,
      updatedAt: new Date(),
    })
    .where(and(eq(tollFlags.ticketId, ticketId), eq(tollFlags.state, 'DISPUTED')))
    .returning({ id: tollFlags.id });
}
