import { fastagListResponseSchema } from '@bhada/contracts/fastag';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
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
