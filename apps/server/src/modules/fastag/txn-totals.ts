import type { Db } from '../../db/client.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import * as repo from './fastag.repository.ts';

type Totals = Awaited<ReturnType<typeof repo.summariseTxns>>;
interface Entry {
  seq: number;
  totals: Totals;
}

/** per database (tests open many), so a total is never taken from another database's rows */
const cached = new WeakMap<Db, Map<string, Entry>>();
const running = new WeakMap<Db, Map<string, Promise<Totals>>>();
const MAX_ENTRIES = 2_000;

function mapOf<V>(store: WeakMap<Db, Map<string, V>>, db: Db): Map<string, V> {
  let map = store.get(db);
  if (!map) {
    map = new Map();
    store.set(db, map);
  }
  return map;
}

/**
 * A vehicle's count and totals per direction over a time window, exact (ADR 154). Paging through one window
 * asks for the same totals again and again; they are counted once and reused while the vehicle's newest
 * applied row is still the one they were counted with. Rows are never updated or deleted, each new row takes a
 * higher seq, and one vehicle's rows are written one at a time under its tag's ledger account lock, so an
 * unchanged newest seq means unchanged totals. The check is one index probe, made on every request.
 */
export async function vehicleTotals(db: Db, scope: { operatorId: OperatorId; vehicleId: string; from: Date; to: Date }): Promise<Totals> {
  const key = `${scope.operatorId}|${scope.vehicleId}|${scope.from.getTime()}|${scope.to.getTime()}`;
  const seq = await repo.latestTxnSeq(db, scope);
  const entries = mapOf(cached, db);
  const hit = entries.get(key);
  if (hit && hit.seq === seq) return hit.totals;

  // many readers of the same window share one count
  const flights = mapOf(running, db);
  const flightKey = `${key}|${seq}`;
  let flight = flights.get(flightKey);
  if (!flight) {
    flight = repo.summariseTxns(db, scope).finally(() => flights.delete(flightKey));
    flights.set(flightKey, flight);
  }
  const totals = await flight;
  // counted after `seq` was read: a row written meanwhile moves the newest seq, and the next call counts again
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, { seq, totals });
  return totals;
}
