import { fastagListResponseSchema } from '@bhada/contracts/money/fastag';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

export const FASTAG_PAGE_SIZE = 20;

export function getFastagList(query: { searchText: string; pageNo: number }, signal?: AbortSignal) {
  return http.get('/api/fastag/vehicleWiseTagAmount', {
    query: { searchText: query.searchText || undefined, pageNo: query.pageNo, pageSize: FASTAG_PAGE_SIZE },
    schema: fastagListResponseSchema,
    signal,
  });
}

export function fastagListQueryOptions(searchText: string) {
  return infiniteQueryOptions({
    queryKey: fastagKeys.list(searchText),
    queryFn: ({ pageParam, signal }) => getFastagList({ searchText, pageNo: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.totalCount && last.list.length > 0 ? pages.length : undefined;
    },
  });
}

export function useFastagList(searchText: string) {
  return useInfiniteQuery(fastagListQueryOptions(searchText));
}

/** The most tags one request may return; the home dashboard counts low tags within it. */
const BELOW_MINIMUM_SCAN = 100;

/** How many tags hold less than their maintained minimum (home dashboard, issue 16 point 3). */
export function tagsBelowMinimumQueryOptions() {
  return queryOptions({
    queryKey: [...fastagKeys.all, 'below-minimum'] as const,
    queryFn: async ({ signal }) => {
      const page = await http.get('/api/fastag/vehicleWiseTagAmount', {
        query: { pageNo: 0, pageSize: BELOW_MINIMUM_SCAN },
        schema: fastagListResponseSchema,
        signal,
      });
      const count = page.list.filter((row) => row.status === 'ACTIVE' && row.fastagAmount < row.minBalance).length;
      // beyond the first hundred tags the count is a floor, and the dashboard says so ("12+")
      return { count, complete: page.totalCount <= page.list.length };
    },
  });
}
