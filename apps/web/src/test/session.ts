import type { SessionUser } from '@bhada/contracts/account/auth';
import { createQueryClient } from '../lib/query-client.ts';
import { authKeys } from '../lib/session.ts';

/** The demo Dispatcher's permissions (seed): no user management, no wallet, no Fastag recharge. */
export const DISPATCHER_PERMISSIONS = [
  'LOADS_VIEW',
  'QUOTES_SUBMIT',
  'TOKENS_PAY',
  'TRIPS_VIEW',
  'TRIPS_MANAGE',
  'POD_UPLOAD',
  'VEHICLES_VIEW',
  'FASTAG_VIEW',
];

/** A query client that already holds the session /api/auth/me would return, as the layout leaves it. */
export function queryClientWithSession(kind: SessionUser['kind'], permissions: string[]) {
  const queryClient = createQueryClient();
  const me: SessionUser = {
    userCode: 'U1',
    operatorId: kind === 'ADMIN' ? null : 'OP1001',
    consignerCode: null,
    name: 'Test user',
    phone: '9000000011',
    locale: 'en',
    menuType: kind === 'ADMIN' ? 'ADMIN' : 'OPERATOR',
    kind,
    permissions,
  };
  queryClient.setQueryData(authKeys.me(), me);
  return queryClient;
}
