import { okSchema } from '@bhada/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';

export function logout() {
  return http.post('/api/auth/logout', undefined, { schema: okSchema });
}

/** The session ends on this device even when the server call fails (offline, already expired). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { quiet: true },
    onSettled: () => {
      storage.clearSession();
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    },
  });
}
