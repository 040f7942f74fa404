import { consignerBalancesSchema } from '@bhada/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const consignerKeys = {
  all: ['consigner'] as const,
  balances: () => ['consigner', 'balances'] as const,
};

/** spec marketplace §7 Consigner payment: GET balance/trip — the trips and what is due on each. */
export const tripBalancesQueryOptions = () =>
  queryOptions({
    queryKey: consignerKeys.balances(),
    queryFn: () => http.get('/api/consigner/balance/trip', { schema: consignerBalancesSchema }),
    staleTime: 10_000,
  });

export function useTripBalances() {
  return useQuery(tripBalancesQueryOptions());
}
