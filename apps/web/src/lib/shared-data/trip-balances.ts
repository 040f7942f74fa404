import { consignerBalancesSchema, type TripBalance } from '@bhada/contracts/money/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';
import { sharedKeys } from './keys.ts';

/**
 * spec marketplace §7 Consigner payment: GET balance/trip — the consigner's trips and what is due on
 * each. The trips list, the home page's figure and one trip's pay page read this one query (ADR 099).
 */
export const tripBalancesQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.tripBalances(),
    queryFn: ({ signal }) => http.get('/api/consigner/balance/trip', { schema: consignerBalancesSchema, signal }),
    staleTime: 10_000,
  });

export function useTripBalances() {
  return useQuery(tripBalancesQueryOptions());
}

/** One trip's balance for its pay page, always fetched fresh on opening; null when it is not mine. */
export function useTripBalance(tripId: string) {
  return useQuery({
    ...tripBalancesQueryOptions(),
    staleTime: 0,
    select: (all): TripBalance | null => all.balances.find((b) => b.tripId === tripId) ?? null,
  });
}
