import { type TripFilterKey, tripListResponseSchema } from '@bhada/contracts/trips/trips';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export const TRIPS_PAGE_SIZE = 20;

export function getTrips(filter: TripFilterKey, pageNo: number, signal?: AbortSignal) {
  return http.get('/api/rest/tesseract/v1/trip', {
    query: { filter, pageNo, pageSize: TRIPS_PAGE_SIZE },
    schema: tripListResponseSchema,
    signal,
  });
}

export function tripsQueryOptions(filter: TripFilterKey, pageNo: number) {
  return queryOptions({
    queryKey: tripsKeys.list(filter, pageNo),
    queryFn: ({ signal }) => getTrips(filter, pageNo, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTrips(filter: TripFilterKey, pageNo: number) {
  return useQuery(tripsQueryOptions(filter, pageNo));
}
