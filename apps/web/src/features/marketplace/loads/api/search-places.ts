import { placeSearchResponseSchema } from '@bhada/contracts/account/places';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function searchPlaces(searchText: string, signal?: AbortSignal) {
  return http.get('/api/odin/v2/map/unloading-point/search', {
    query: { searchText, limit: 12 },
    schema: placeSearchResponseSchema,
    signal,
  });
}

export const placesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: loadsKeys.places(text),
    queryFn: ({ signal }) => searchPlaces(text, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export const usePlaceSearch = (text: string) => useQuery(placesQueryOptions(text));
