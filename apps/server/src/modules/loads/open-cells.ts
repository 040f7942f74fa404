import type { Db } from '../../db/client.ts';
import type { TenantReadCache } from '../../lib/tenant-read-cache.ts';
import type { FitCell } from '../demands/demands.repository.ts';
import * as repo from '../demands/demands.repository.ts';
import type { ClassSlice } from './board-fit.ts';

/**
 * The unfiltered OPEN tab without a pass over the open loads in SQL on every request (ADR 173). Which loads are
 * open, their fit cells and their board order are the same for every operator: each process keeps them as a
 * read of the marketplace (tenant `*` of the tenant read cache), which the database announces as `o:*` whenever
 * a load is posted, moves state or changes what the board ranks on (migration 0168). Each request then counts,
 * per cell, the loads whose bidding has not ended by its own clock, less the open loads this operator quoted on
 * or turned down (one short indexed read of its own rows), finds its page's ids by walking the classes it
 * overlaps in board order, and reads only those rows. The total stays exact.
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
}

async function readOpenLoads(db: Db, now: Date): Promise<OpenLoads> {
  const rows = await repo.listOpenCells(db, new Date(now.getTime() - KEEP_ENDED_MS));
  const cells = rows.map((r) => ({ ...r, sortedEnds: [...r.ends].sort((a, b) => a - b) }));
  const byId = new Map<string, { cell: number; end: number }>();
  cells.forEach((c, cell) => {
    c.ids.forEach((id, k) => {
      byId.set(id, { cell, end: c.ends[k] ?? 0 });
    });
  });
  return { cells, cellOf: new Map(cells.map((c, i) => [c.cell, i])), byId };
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

/** The ids of one class slice: its cells' loads merged in board order, those shown to this operator only. */
function sliceIds(open: OpenLoads, slice: ClassSlice, shown: (cell: KeptCell, k: number) => boolean): string[] {
  const cells = slice.cells.map((c) => open.cells[open.cellOf.get(c) ?? -1]).filter((c): c is KeptCell => c !== undefined);
  // each cell's position rests on its next shown load, so a step only compares ranks
  const next = (c: KeptCell, k: number) => {
    let at = k;
    while (at < c.ids.length && !shown(c, at)) at++;
    return at;
  };
  const at = cells.map((c) => next(c, 0));
  const ids: string[] = [];
  let skip = slice.offset;
  while (ids.length < slice.limit) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i < cells.length; i++) {
      const rank = cells[i]!.ranks[at[i]!];
      if (rank !== undefined && rank < bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    if (best < 0) break;
    const cell = cells[best]!;
    const k = at[best]!;
    at[best] = next(cell, k + 1);
    if (skip > 0) skip--;
    else ids.push(cell.ids[k]!);
  }
  return ids;
}

/**
 * The unfiltered OPEN tab at `now` for an operator who has answered these open loads (they are hidden): its
 * loads per fit cell, and the ids of any page of it.
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
  const shown = (c: KeptCell, k: number) => (c.ends[k] ?? 0) > t && !hidden.has(c.ids[k] ?? '');
  return {
    counted: open.cells.map((c, i) => ({ cell: c.cell, count: counts[i] ?? 0 })).filter((c) => c.count > 0),
    pageIds: (slices: ClassSlice[]) => slices.flatMap((s) => sliceIds(open, s, shown)),
  };
}
