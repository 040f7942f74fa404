import { tripExpensesResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function getTripExpenses(tripId: string, signal?: AbortSignal) {
  return http.get('/api/odin/operator-app/trip-expenses', { query: { tripId }, schema: tripExpensesResponseSchema, signal });
}

export function tripExpensesQueryOptions(tripId: string) {
  return queryOptions({ queryKey: tripsKeys.expenses(tripId), queryFn: ({ signal }) => getTripExpenses(tripId, signal) });
}

export function useTripExpenses(tripId: string) {
  return useQuery(tripExpensesQueryOptions(tripId));
}
