import { rolesResponseSchema } from '@bhada/contracts/account/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { usersKeys } from './users-keys.ts';

export function getRoles(signal?: AbortSignal) {
  return http.get('/api/user/getAllRoles', { schema: rolesResponseSchema, signal });
}

export function rolesQueryOptions() {
  return queryOptions({ queryKey: usersKeys.roles(), queryFn: ({ signal }) => getRoles(signal) });
}

/** `enabled` false: the user's role may not manage users, so the call would only meet a 403 */
export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
