import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { BaseProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Shows where the router is, so a test can assert a navigation without mocking the router. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The app's providers with the given query client (the app itself makes its own after the login page). */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <BaseProviders env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BaseProviders>
  );
}

export function renderApp(
  ui: ReactElement,
  { route = '/', path, queryClient = createQueryClient() }: { route?: string; path?: string; queryClient?: QueryClient } = {},
) {
  const user = userEvent.setup();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe />
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, queryClient, ...result };
}

/** A successful envelope as the server writes it. */
export function ok<T>(data: T, message?: string) {
  return { success: true, data, message, errorCode: '200' };
}
