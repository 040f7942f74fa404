import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useStored } from '../../lib/storage.ts';

/** spec: marketplace §6 — private routes need a login token, else /operatorlogin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useStored('accessToken');
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
