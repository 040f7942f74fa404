import type { Db } from '../../../db/client.ts';
import type { TenantReadCache } from '../../../lib/tenant-read-cache.ts';
import type { FitCell } from '../board/demands.repository.ts';
import * as repo from '../board/demands.repository.ts';
import type { ClassSlice } from './board-fit.ts';
import { type KeptLoad, shownLoadOf } from './load-summary.ts';

/**
 * The unfiltered OPEN tab without a pass over the open loads in SQL on every request (ADR 173). Which loads are
 * open, their fit cells and their board order are the same for every operator: each process keeps them as a
 * read of the marketplace (tenant `*` of the tenant read cache), which the database announces as `o:*` whenever
 * a load is posted, removed or changed (migrations 0168, 0172). Each request then counts, per cell, the loads
 * whose bidding has not ended by its own clock, less the open loads this operator quoted on or turned down (its
 * board context, kept per operator), and finds its page's ids by walking the classes it overlaps in board order.
 * The total stays exact. The rows a page shows are the same for every operator too, and are kept with the open
 * loads once read (ADR 192): a page already asked for is answered without the database.
 */
export const MARKETPLACE = '*';

/** Loads whose bidding ended this long before a read are still kept, so a request a little behind it counts alike. */
const KEEP_ENDED_MS = 60_000;

interface KeptCell {
  cell: FitCell;
  /** in board order, with their rank in it across cells and their bidding ends */
  ids: string[];
  ranks: number[];
  ends: number[];
  /** the same ends, ascending, to count the loads still open at any clock */
  sortedEnds: number[];
}

interface OpenLoads {
  cells: KeptCell[];
  cellOf: Map<FitCell, number>;
  byId: Map<string, { cell: number; end: number }>;
  /**
   * What the tab shows of the loads pages have asked for, read once per load while this read is kept (ADR 192):
   * any change to a load announces `o:*`, which drops this read with its rows.
   */
  rows: Map<string, KeptLoad>;
  /** each fit class's loads merged across its cells in board order, once per class while this read is kept */
  classes: Map<string, ClassOrder>;
}

/** One fit class's loads in board order with their bidding ends. */
interface ClassOrder {
  ids: string[];
  ends: number[];
}

/** Classes kept per read of the open loads: operators whose fleets group the cells alike share theirs. */
const MAX_CLASSES = 256;

async function readOpenLoads(db: Db, now: Date): Promise<OpenLoads> {
  const rows = await repo.listOpenCells(db, new Date(now.getTime() - KEEP_ENDED_MS));
  const cells = rows.map((r) => ({ ...r, sortedEnds: [...r.ends].sort((a, b) => a - b) }));
  const byId = new Map<string, { cell: number; end: number }>();
  cells.forEach((c, cell) => {
    c.ids.forEach((id, k) => {
      byId.set(id, { cell, end: c.ends[k] ?? 0 });
    });
  });
  return { cells, cellOf: new Map(cells.map((c, i) => [c.cell, i])), byId, rows: new Map(), classes: new Map() };
}

/** How many of `ends` (ascending) lie after `t`. */
function endingAfter(ends: number[], t: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ends[mid] ?? 0) > t) hi = mid;
    else lo = mid + 1;
  }
  return ends.length - lo;
}

/** Several cells' loads as one list in board order (ranks are unique across cells). */
function mergeByRank(cells: KeptCell[]): ClassOrder {
  const loads = cells.flatMap((c) => c.ranks.map((rank, j) => ({ rank, id: c.ids[j] ?? '', end: c.ends[j] ?? 0 })));
  loads.sort((x, y) => x.rank - y.rank);
  return { ids: loads.map((l) => l.id), ends: loads.map((l) => l.end) };
}

/** A fit class's loads in board order: its cells' loads merged once, then kept with the open loads. */
function classOrder(open: OpenLoads, cells: FitCell[]): ClassOrder {
  const at = cells.map((c) => open.cellOf.get(c) ?? -1).filter((i) => i >= 0);
  const key = at.join(',');
  const known = open.classes.get(key);
  if (known) return known;
  const kept = at.map((i) => open.cells[i]).filter((c): c is KeptCell => c !== undefined);
  const order = kept.length === 1 && kept[0] ? kept[0] : mergeByRank(kept);
  if (open.classes.size >= MAX_CLASSES) open.classes.delete(open.classes.keys().next().value ?? '');
  open.classes.set(key, order);
  return order;
}

/** The ids of one class slice: its loads in board order, those shown to this operator only. */
function sliceIds(open: OpenLoads, slice: ClassSlice, shown: (id: string, end: number) => boolean): string[] {
  const order = classOrder(open, slice.cells);
  const ids: string[] = [];
  let skip = slice.offset;
  for (let k = 0; k < order.ids.length && ids.length < slice.limit; k++) {
    const id = order.ids[k]!;
    if (!shown(id, order.ends[k] ?? 0)) continue;
    if (skip > 0) skip--;
    else ids.push(id);
  }
  return ids;
}

/** The loads of these ids as the tab shows them: from what is kept, the missing ones read in one statement. */
async function rowsOf(db: Db, open: OpenLoads, ids: string[]): Promise<KeptLoad[]> {
  const missing = ids.filter((id) => !open.rows.has(id));
  if (missing.length) {
    for (const row of await repo.listLoadRowsByIds(db, missing)) {
      const cell = { vehicleType: row.vehicle_type, bodyType: row.body_type, lat: Number(row.origin_lat), lng: Number(row.origin_lng) };
      open.rows.set(row.id, { ...shownLoadOf(row), cell });
    }
  }
  // a load that left OPEN since the open loads were read is announced and gone from the next read; not shown meanwhile
  return ids.map((id) => open.rows.get(id)).filter((r): r is KeptLoad => r !== undefined && r.load.loadState === 'OPEN');
}

/**
 * The unfiltered OPEN tab at `now` for an operator who has answered these open loads (they are hidden): its
 * loads per fit cell, and the rows of any page of it.
 */
export async function keptOpenBoard(db: Db, reads: TenantReadCache, answered: string[], now: Date) {
  const open = await reads.read(MARKETPLACE, 'loads.open', () => readOpenLoads(db, now));
  const t = now.getTime();
  const hidden = new Set(answered);
  const counts = open.cells.map((c) => endingAfter(c.sortedEnds, t));
  for (const id of hidden) {
    const at = open.byId.get(id);
    if (at && at.end > t) counts[at.cell] = (counts[at.cell] ?? 0) - 1;
  }
  const shown = (id: string, end: number) => end > t && !hidden.has(id);
  return {
    counted: open.cells.map((c, i) => ({ cell: c.cell, count: counts[i] ?? 0 })).filter((c) => c.count > 0),
    pageRows: (slices: ClassSlice[]) =>
      rowsOf(
        db,
        open,
        slices.flatMap((s) => sliceIds(open, s, shown)),
      ),
  };
}
