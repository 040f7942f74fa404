import { sessionUserSchema } from '@bhada/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export const authKeys = { all: ['auth'] as const, me: () => [...authKeys.all, 'me'] as const };

export function getMe(signal?: AbortSignal) {
  return http.get('/api/auth/me', { schema: sessionUserSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });
}

/** Refreshes the stored name and menu type from the server (a role or name may have changed). */
export function useMe(enabled = true) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  const me = query.data;
  useEffect(() => {
    if (!me) return;
    storage.setMany({ name: me.name, menuType: me.menuType, operatorId: me.operatorId, userCode: me.userCode });
  }, [me]);
  return query;
}
