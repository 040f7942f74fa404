import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { BaseProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Shows where the router is, so a test can assert a navigation without mocking the router. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderApp(
  ui: ReactElement,
  { route = '/', path, queryClient = createQueryClient() }: { route?: string; path?: string; queryClient?: QueryClient } = {},
) {
  const user = userEvent.setup();
  const result = render(
    <BaseProviders queryClient={queryClient} env="test">
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
    </BaseProviders>,
  );
  return { user, queryClient, ...result };
}

/** A successful envelope as the server writes it. */
export function ok<T>(data: T, message?: string) {
  return { success: true, data, message, errorCode: '200' };
}
