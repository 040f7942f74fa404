import { type TxnType, transactionsResponseSchema } from '@bhada/contracts/money/fastag';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

const PAGE_SIZE = 20;

export function getTransactions(
  vehicleId: string,
  q: { pageNo: number; fromTime: number; toTime: number; transactionType?: TxnType },
  signal?: AbortSignal,
) {
  return http.get(`/api/fastag/transactions/v3/${encodeURIComponent(vehicleId)}`, {
    query: { ...q, vehicleId, pageSize: PAGE_SIZE },
    schema: transactionsResponseSchema,
    signal,
  });
}

/** A new date range or tab is a new key: the list starts again at page 0 (spec fastag §4). */
export function transactionsQueryOptions(vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) {
  return infiniteQueryOptions({
    queryKey: fastagKeys.transactions(vehicleId, fromTime, toTime, txnType),
    queryFn: ({ pageParam, signal }) =>
      getTransactions(vehicleId, { pageNo: pageParam, fromTime, toTime, transactionType: txnType }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.totalCount && last.list.length > 0 ? pages.length : undefined;
    },
    enabled: Boolean(vehicleId),
  });
}

export function useTransactions(vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) {
  return useInfiniteQuery(transactionsQueryOptions(vehicleId, fromTime, toTime, txnType));
}
