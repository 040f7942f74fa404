import { type TxnType, txnOverviewResponseSchema } from '@bhada/contracts/money/fastag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

export function getTxnOverview(vehicleId: string, q: { fromTime: number; toTime: number; txnType?: TxnType }, signal?: AbortSignal) {
  return http.get(`/api/fastag/txnOverview/${encodeURIComponent(vehicleId)}`, { query: q, schema: txnOverviewResponseSchema, signal });
}

export function txnOverviewQueryOptions(vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) {
  return queryOptions({
    queryKey: fastagKeys.overview(vehicleId, fromTime, toTime, txnType),
    queryFn: ({ signal }) => getTxnOverview(vehicleId, { fromTime, toTime, txnType }, signal),
    enabled: Boolean(vehicleId),
  });
}

export function useTxnOverview(vehicleId: string, fromTime: number, toTime: number, txnType?: TxnType) {
  return useQuery(txnOverviewQueryOptions(vehicleId, fromTime, toTime, txnType));
}
