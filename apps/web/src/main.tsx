import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { RootErrorBoundary } from './app/shell/root-error-boundary.tsx';
import { languageReady } from './lib/i18n.ts';
import { clearQueryCache } from './lib/query-cache.ts';
import { checkForNewBuild } from './lib/version-check.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// a Hindi reader's texts are a chunk of their own: the first render waits for them (at once for English)
await languageReady.catch(() => undefined);
const app = (
  <StrictMode>
    <AppProviders>
      <RootErrorBoundary>
        <AppRoutes />
      </RootErrorBoundary>
    </AppProviders>
  </StrictMode>
);
// the first render is a transition, so React draws it in short slices and a phone's main thread is never held for
// the whole frame, header, menu and page at once (ADR 191)
startTransition(() => createRoot(root).render(app));

// build-info.json exists only in a built app; the dev server has none to compare with
if (import.meta.env.PROD) void checkForNewBuild({ clearCache: clearQueryCache });

// the service worker keeps the shell for the next visit (ADR 152); registered once the page has loaded,
// so it never competes with the first screen for the network
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered:', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
