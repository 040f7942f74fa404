import { consignerBalancesSchema } from '@bhada/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { paymentsKeys } from './payments-keys.ts';

/** spec marketplace §7 Consigner payment: GET balance/trip, narrowed to one trip for its pay page. */
export const tripBalanceQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: paymentsKeys.tripBalance(tripId),
    queryFn: async () => {
      const all = await http.get('/api/consigner/balance/trip', { schema: consignerBalancesSchema });
      return all.balances.find((b) => b.tripId === tripId) ?? null;
    },
    staleTime: 0,
  });

export function useTripBalance(tripId: string) {
  return useQuery(tripBalanceQueryOptions(tripId));
}
