import type { RolePermissionsRequest } from '@bhada/contracts/account/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { rolesQueryOptions } from './get-roles.ts';

export function addRolePermissions(body: RolePermissionsRequest) {
  return http.post('/api/user/addRolePermissions', body, { schema: z.object({ roleId: z.string() }) });
}

export function useAddRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRolePermissions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesQueryOptions().queryKey }),
  });
}
