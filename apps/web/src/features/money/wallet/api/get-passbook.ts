import { passbookResponseSchema } from '@bhada/contracts/money/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { walletKeys } from './wallet-keys.ts';

const PAGE_SIZE = 20;

export function getPassbook(q: { pageNo: number; fromTime: number; toTime: number }, signal?: AbortSignal) {
  return http.get('/api/wallet/transactions', {
    query: { ...q, pageSize: PAGE_SIZE, fetchMore: q.pageNo > 0 ? 'true' : undefined },
    schema: passbookResponseSchema,
    signal,
  });
}

/** A new date range is a new key, so the list starts again at page 0 (spec fastag §4). */
export function passbookQueryOptions(fromTime: number, toTime: number) {
  return infiniteQueryOptions({
    queryKey: walletKeys.passbook(fromTime, toTime),
    queryFn: ({ pageParam, signal }) => getPassbook({ pageNo: pageParam, fromTime, toTime }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length : undefined),
  });
}

export function usePassbook(fromTime: number, toTime: number, enabled = true) {
  return useInfiniteQuery({ ...passbookQueryOptions(fromTime, toTime), enabled });
}
