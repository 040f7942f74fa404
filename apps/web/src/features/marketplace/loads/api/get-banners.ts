import { bannersResponseSchema } from '@bhada/contracts/support/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function getBanners(displayPage: string, signal?: AbortSignal) {
  return http.get('/api/banner', { query: { displayPage }, schema: bannersResponseSchema, signal });
}

export const bannersQueryOptions = (displayPage: string) =>
  queryOptions({
    queryKey: loadsKeys.banners(displayPage),
    queryFn: ({ signal }) => getBanners(displayPage, signal),
    staleTime: 10 * 60_000,
  });

export const useBanners = (displayPage: string) => useQuery(bannersQueryOptions(displayPage));
