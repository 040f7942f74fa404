import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { rolesQueryOptions } from './get-roles.ts';
import { subordinatesQueryOptions } from './get-subordinates.ts';

export function removeSubordinate(userCode: string) {
  return http.delete('/api/user/removeSubordinate', { query: { userCode }, schema: z.object({ userCode: z.string() }) });
}

export function useRemoveSubordinate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubordinate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subordinatesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
      ]),
  });
}
