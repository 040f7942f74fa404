import { type SEARCH_OPTION_ACTIONS, searchOptionsResponseSchema } from '@bhada/contracts/marketplace/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export type SearchOptionAction = (typeof SEARCH_OPTION_ACTIONS)[number];

/** spec §7 `GET /odin/v2/active-loads/search-option (action)`: the values the board can be filtered by. */
export const searchOptionsQueryOptions = (action: SearchOptionAction) =>
  queryOptions({
    queryKey: loadsKeys.searchOptions(action),
    queryFn: ({ signal }) =>
      http.get('/api/odin/v2/active-loads/search-option', { query: { action }, schema: searchOptionsResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useSearchOptions = (action: SearchOptionAction) => useQuery(searchOptionsQueryOptions(action));
