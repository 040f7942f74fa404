import type { CreateRoleRequest } from '@bhada/contracts/account/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { rolesQueryOptions } from './get-roles.ts';

export function createRole(body: CreateRoleRequest) {
  return http.post('/api/user/createRole', body, { schema: z.object({ roleId: z.string() }), quiet400: true });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
  });
}
