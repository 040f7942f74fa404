import { subordinatesResponseSchema } from '@bhada/contracts/account/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { usersKeys } from './users-keys.ts';

export function getSubordinates(signal?: AbortSignal) {
  return http.get('/api/user/getOperatorSubordinates', { schema: subordinatesResponseSchema, signal });
}

export function subordinatesQueryOptions() {
  return queryOptions({ queryKey: usersKeys.subordinates(), queryFn: ({ signal }) => getSubordinates(signal) });
}

export function useSubordinates() {
  return useQuery(subordinatesQueryOptions());
}
