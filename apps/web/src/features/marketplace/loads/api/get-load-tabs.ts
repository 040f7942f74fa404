import { loadTabsResponseSchema } from '@bhada/contracts/marketplace/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function getLoadTabs(signal?: AbortSignal) {
  return http.get('/api/odin/v2/active-loads/states', { schema: loadTabsResponseSchema, signal });
}

export const loadTabsQueryOptions = () =>
  queryOptions({ queryKey: loadsKeys.tabs(), queryFn: ({ signal }) => getLoadTabs(signal), staleTime: 0 });

export const useLoadTabs = () => useQuery(loadTabsQueryOptions());
