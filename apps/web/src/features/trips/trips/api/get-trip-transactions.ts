import { tripTransactionsResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function getTripTransactions(tripId: string, signal?: AbortSignal) {
  return http.get('/api/odin/operator-app/trip-transactions', { query: { tripId }, schema: tripTransactionsResponseSchema, signal });
}

export function tripTransactionsQueryOptions(tripId: string) {
  return queryOptions({ queryKey: tripsKeys.transactions(tripId), queryFn: ({ signal }) => getTripTransactions(tripId, signal) });
}

export function useTripTransactions(tripId: string) {
  return useQuery(tripTransactionsQueryOptions(tripId));
}
