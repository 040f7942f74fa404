import type { Db } from '../../../db/client.ts';
import { PAGE_MARK_STRIDE, type PageMarks } from '../../../lib/page-marks.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './fastag.repository.ts';

type Totals = Awaited<ReturnType<typeof repo.summariseTxns>>;
type Window = { operatorId: OperatorId; vehicleId: string; from: Date; to: Date };
type TxnType = 'DEBIT' | 'CREDIT' | undefined;
interface Entry<V> {
  seq: number;
  value: V;
}

/** per database (tests open many), so nothing is taken from another database's rows */
const stores = new WeakMap<Db, { cached: Map<string, Entry<unknown>>; running: Map<string, Promise<unknown>> }>();
const MAX_ENTRIES = 2_000;

function storeOf(db: Db) {
  let store = stores.get(db);
  if (!store) {
    store = { cached: new Map(), running: new Map() };
    stores.set(db, store);
  }
  return store;
}

const windowKey = (w: Window) => `${w.operatorId}|${w.vehicleId}|${w.from.getTime()}|${w.to.getTime()}`;

/**
 * What one window of a vehicle's applied rows adds up to, reused while the vehicle's newest applied row is still
 * the one it was read with (ADR 154). Rows are never updated or deleted, each new row takes a higher seq, and
 * one vehicle's rows are written one at a time under its tag's ledger account lock, so an unchanged newest seq
 * means unchanged rows. Many readers of one window share one read.
 */
async function reuse<V>(db: Db, key: string, seq: number, read: () => Promise<V>): Promise<V> {
  const { cached, running } = storeOf(db);
  const hit = cached.get(key);
  if (hit && hit.seq === seq) return hit.value as V;
  const flightKey = `${key}|${seq}`;
  let flight = running.get(flightKey) as Promise<V> | undefined;
  if (!flight) {
    flight = read().finally(() => running.delete(flightKey));
    running.set(flightKey, flight);
  }
  const value = await flight;
  // read after `seq` was: a row written meanwhile moves the newest seq, and the next call reads again
  cached.delete(key);
  if (cached.size >= MAX_ENTRIES) {
    const oldest = cached.keys().next().value;
    if (oldest !== undefined) cached.delete(oldest);
  }
  cached.set(key, { seq, value });
  return value;
}

/** The newest applied row of the vehicle: one index probe, the check every reused value is held to. */
export const newestSeq = async (db: Db, scope: { operatorId: OperatorId; vehicleId: string }) =>
  (await repo.vehicleTagAndNewestSeq(db, scope)).seq;

/** A vehicle's count and totals per direction over a time window, exact (ADR 154). */
export async function vehicleTotals(db: Db, scope: Window, seq?: number): Promise<Totals> {
  const newest = seq ?? (await newestSeq(db, scope));
  return reuse(db, `t|${windowKey(scope)}`, newest, () => repo.summariseTxns(db, scope));
}

/** The page marks of one window and direction (ADR 172), under the same rule as the totals. */
export async function vehicleMarks(db: Db, scope: Window & { txnType: TxnType }, seq: number): Promise<PageMarks<repo.TxnMark>> {
  return reuse(db, `m|${scope.txnType ?? ''}|${windowKey(scope)}`, seq, async () => ({
    stride: PAGE_MARK_STRIDE,
    keys: await repo.txnMarks(db, scope),
  }));
}

/** The marks this process last read for the window, whatever seq they were read at: a guess to check. */
export function knownMarks(db: Db, scope: Window & { txnType: TxnType }): Entry<PageMarks<repo.TxnMark>> | undefined {
  return storeOf(db).cached.get(`m|${scope.txnType ?? ''}|${windowKey(scope)}`) as Entry<PageMarks<repo.TxnMark>> | undefined;
}
