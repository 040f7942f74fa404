import { roadKm } from '../../../lib/geo.ts';
import type { FitCell, FleetHint } from '../board/demands.repository.ts';

/**
 * The load board's fleet-fit order (ADR 021) worked out per fit cell instead of per load (ADR 159):
 * loads of one cell (same type, body and origin) rank alike, so the database counts the open loads per
 * cell, the distances are computed here once per cell, and each fit class the page overlaps is read by
 * loading time, stopping after its slice.
 */

/** Road km from the nearest of the fleet's spots, by the one distance rule (ADR 270), or null without positions. */
export function nearestKm(spots: FleetHint['spots'], at: { lat: number; lng: number }): number | null {
  let best: number | null = null;
  for (const s of spots) {
    const km = roadKm(s, at);
    if (best === null || km < best) best = km;
  }
  return best;
}

/** The board's fit of one load for a fleet, as the list shows it. */
export function fitOf(fleet: FleetHint, load: { vehicleType: string; bodyType: string; lat: number; lng: number }) {
  const nearest = nearestKm(fleet.spots, load);
  return {
    typeMatch: fleet.types.includes(load.vehicleType),
    bodyMatch: fleet.bodies.includes(load.bodyType),
    nearest,
    bucket: Math.floor((nearest ?? 100_000) / 50),
  };
}

type FitKey = [number, number, number];

/** Fits first, then bodies, then the nearest vehicle's 50 km step. */
const compareKeys = (a: FitKey, b: FitKey) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The part of one fit class a page shows: its cells and the slice of its loads by loading time, then id. */
export interface ClassSlice {
  cells: FitCell[];
  offset: number;
  limit: number;
}

/**
 * Which fit classes (cells with equal keys) a page needs, in order, and the slice of each: the classes
 * overlapping [offset, offset + limit). The total is the exact number of loads in every cell.
 */
export function planOpenPage(counted: Array<{ cell: FitCell; count: number }>, fleet: FleetHint, offset: number, limit: number) {
  const total = counted.reduce((s, c) => s + c.count, 0);
  const classes = new Map<string, { key: FitKey; count: number; cells: FitCell[] }>();
  for (const { cell, count } of counted) {
    const fit = fitOf(fleet, cell);
    const key: FitKey = [fit.typeMatch ? 0 : 1, fit.bodyMatch ? 0 : 1, fit.bucket];
    const id = key.join(':');
    const found = classes.get(id);
    if (found) {
      found.count += count;
      found.cells.push(cell);
    } else classes.set(id, { key, count, cells: [cell] });
  }
  const ordered = [...classes.values()].sort((a, b) => compareKeys(a.key, b.key));
  const slices: ClassSlice[] = [];
  const end = offset + limit;
  let start = 0;
  for (const c of ordered) {
    if (start >= end) break;
    const from = Math.max(offset, start);
    const to = Math.min(end, start + c.count);
    if (to > from) slices.push({ cells: c.cells, offset: from - start, limit: to - from });
    start += c.count;
  }
  return { total, slices };
}
