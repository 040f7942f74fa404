import { type TripFilterKey, tripFiltersResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function getTripFilters(selected: TripFilterKey, signal?: AbortSignal) {
  return http.get('/api/rest/tesseract/v1/trip/trip-state-filter', { query: { selected }, schema: tripFiltersResponseSchema, signal });
}

export function tripFiltersQueryOptions(selected: TripFilterKey) {
  return queryOptions({ queryKey: tripsKeys.filters(selected), queryFn: ({ signal }) => getTripFilters(selected, signal) });
}

export function useTripFilters(selected: TripFilterKey) {
  return useQuery(tripFiltersQueryOptions(selected));
}
