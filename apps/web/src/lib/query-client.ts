import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http.ts';
import { notify } from './notify.ts';
import { setQueryCacheClearer } from './query-cache.ts';

/**
 * Queries show their own error state; mutations fail into one snackbar here (STYLE §13) unless the
 * HTTP client already handled the status (400 snackbar, 401 logout, 409 reload) or the mutation
 * says it shows the error itself (meta.quiet).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.quiet) return;
        if (isApiError(error) && [400, 401, 409].includes(error.status)) return;
        notify.snackbar(error.message || 'Something went wrong', 'error');
      },
    }),
  });
}

let appClient: QueryClient | undefined;
/** The app's one query client, made when the first page that reads data loads (the login page reads none). */
export function appQueryClient(): QueryClient {
  if (!appClient) {
    const client = createQueryClient();
    setQueryCacheClearer(() => client.clear());
    appClient = client;
  }
  return appClient;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { quiet?: boolean };
  }
}
