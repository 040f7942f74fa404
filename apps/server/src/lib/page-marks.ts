/**
 * Where a deep page of a long list starts (ADR 172). The spec pages by number (`pageNo`), which in SQL is an
 * OFFSET: page 2,000 reads and throws away 40,000 rows. A list whose order is unique remembers the key of
 * every STRIDE-th row (its marks, read in one index pass when the list is counted); a page then seeks to
 * the nearest mark at or before its offset and skips fewer than STRIDE rows.
 */
export const PAGE_MARK_STRIDE = 200;

/** `keys[i]` is the sort key of row `(i + 1) * stride` (0-based position) of the list. */
export interface PageMarks<K> {
  stride: number;
  keys: K[];
}

/** The key to start from (inclusive; none: the list's head) and how many rows to skip after it. */
export function seekTo<K>(marks: PageMarks<K> | undefined, offset: number): { from?: K; skip: number } {
  if (!marks) return { skip: offset };
  const i = Math.min(Math.floor(offset / marks.stride), marks.keys.length);
  if (i === 0) return { skip: offset };
  return { from: marks.keys[i - 1], skip: offset - i * marks.stride };
}
