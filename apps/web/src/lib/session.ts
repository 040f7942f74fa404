import { type SessionUser, sessionUserSchema } from '@bhada/contracts/account/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/**
 * The signed-in user as the server sees it (/api/auth/me): kind and permissions. Shared by the shell
 * and every feature that shows a control only to a user allowed to use it, so a subordinate never
 * fills a form that ends in a 403 (issue 16 point 4).
 */
export const authKeys = { all: ['auth'] as const, me: () => [...authKeys.all, 'me'] as const };

export function getMe(signal?: AbortSignal) {
  return http.get('/api/auth/me', { schema: sessionUserSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });
}

export type SessionAccess = {
  /** the session is known (the layout fetched /me) */
  known: boolean;
  kind: SessionUser['kind'] | undefined;
  can: (permission: string) => boolean;
};

/**
 * Reads the session the layout already fetched (it never starts a request of its own). Before /me has
 * answered `can` says yes, as the side menu does: the layout asks for /me first thing, and the server
 * refuses what the role lacks in any case (ADR 145).
 */
export function useSessionAccess(): SessionAccess {
  const me = useQuery({ ...meQueryOptions(), enabled: false }).data;
  return {
    known: me !== undefined,
    kind: me?.kind,
    can: (permission) => me?.permissions.includes(permission) ?? true,
  };
}
