import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../../../../lib/session.ts';
import { storage } from '../../../../lib/storage.ts';

// the query lives in lib (every feature reads the session's permissions); re-exported for auth's callers
export { authKeys, getMe, meQueryOptions } from '../../../../lib/session.ts';

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
