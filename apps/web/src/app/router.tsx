import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { WebViewFrame } from '../components/web-view-frame.tsx';
import { homeFor, paths } from '../lib/paths.ts';
import { useStored } from '../lib/storage.ts';

// the login page is the first screen on a cheap phone: it waits for nothing else
const LoginPage = lazy(() => import('../features/account/auth/routes/login-page.tsx'));
/**
 * Every other route, with its table, its pages' preload lists and the query client, is a chunk of its own
 * that the login page never loads (ADR 170).
 */
const PortalRoutes = lazy(() => import('./portal-routes.tsx'));

function RootRedirect() {
  const token = useStored('accessToken');
  const menuType = useStored('menuType');
  return <Navigate to={token ? homeFor(menuType) : paths.login} replace />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path={paths.root} element={<RootRedirect />} />
        <Route
          path={paths.login}
          element={
            <WebViewFrame>
              <LoginPage />
            </WebViewFrame>
          }
        />
        <Route path="*" element={<PortalRoutes />} />
      </Routes>
    </Suspense>
  );
}
