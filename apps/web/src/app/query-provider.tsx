import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { appQueryClient } from '../lib/query-client.ts';

/**
 * The query client for every page but the login page, which reads no data (ADR 170). A client put
 * around the tree already (a test's) is kept.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
