import { permissionGroupsResponseSchema } from '@bhada/contracts/account/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { usersKeys } from './users-keys.ts';

export function getPermissionGroups(signal?: AbortSignal) {
  return http.get('/api/user/permissionGroup', { schema: permissionGroupsResponseSchema, signal });
}

export function permissionGroupsQueryOptions() {
  // the catalogue changes only with a deploy
  return queryOptions({
    queryKey: usersKeys.permissionGroups(),
    queryFn: ({ signal }) => getPermissionGroups(signal),
    staleTime: Infinity,
  });
}

export function usePermissionGroups() {
  return useQuery(permissionGroupsQueryOptions());
}
