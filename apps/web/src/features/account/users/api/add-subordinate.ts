import type { AddSubordinateRequest } from '@bhada/contracts/account/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { rolesQueryOptions } from './get-roles.ts';
import { subordinatesQueryOptions } from './get-subordinates.ts';

export function addSubordinate(body: AddSubordinateRequest) {
  return http.post('/api/user/addSubordinate/v2', body, { schema: z.object({ userCode: z.string() }), quiet400: true });
}

export function useAddSubordinate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubordinate,
    meta: { quiet: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subordinatesQueryOptions().queryKey }),
        // a role's user count changes with it
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
      ]),
  });
}
