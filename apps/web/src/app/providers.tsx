import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router';
import { setHttpHooks } from '../lib/http.ts';
import { i18n } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// the toasts' container, with its transitions and portal, is a chunk of its own fetched with the first toast:
// the login page shows none until something is sent (ADR 151); toasts raised meanwhile wait in the store
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} zIndex={1000} />
    </Suspense>
  );
}

/**
 * Everything but the router, so tests can put a MemoryRouter around the same tree. The query client is
 * not here: it comes with the pages after the login page (app/query-provider.tsx, ADR 170).
 */
export function BaseProviders({
  children,
  env = 'default',
}: {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions so jsdom sees dropdowns and modals at once */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <DeferredNotifications />
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
}

/** A 401 from the HTTP client becomes a client-side navigation instead of a full page load. */
function RouterHttpBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setHttpHooks({ navigate: (path) => void navigate(path, { replace: true }) });
  }, [navigate]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <BrowserRouter>
        <RouterHttpBridge />
        {children}
      </BrowserRouter>
    </BaseProviders>
  );
}
