import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { homeFor, paths } from '../lib/paths.ts';
import { useStored } from '../lib/storage.ts';
import { RequireAuth } from './shell/require-auth.tsx';

// Every page is its own chunk: /operatorlogin must load fast on a phone over a slow network,
// so the shell, tables and forms of the portal come only after login.
const LoginPage = lazy(() => import('../features/auth/routes/login-page.tsx'));
const AppLayout = lazy(() => import('./shell/app-layout.tsx'));
const HomePage = lazy(() => import('./pages/home-page.tsx'));
const UmsPage = lazy(() => import('../features/users/routes/ums-page.tsx'));
const AddUserPage = lazy(() => import('../features/users/routes/add-user-page.tsx'));
const ConsignerVehiclesPage = lazy(() => import('../features/consigner/routes/consigner-vehicles-page.tsx'));
const ComingSoonPage = lazy(() => import('./pages/coming-soon-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));

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
        <Route path={paths.login} element={<LoginPage />} />
        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.ums} element={<UmsPage />} />
          <Route path={paths.umsAddUser} element={<AddUserPage />} />
          <Route path={paths.consigner} element={<Navigate to={paths.consignerVehicles} replace />} />
          <Route path={paths.consignerVehicles} element={<ConsignerVehiclesPage />} />
          <Route path={paths.consignerTrips} element={<ComingSoonPage />} />
          <Route path={paths.consignerReports} element={<ComingSoonPage />} />
          <Route path={`${paths.fastag}/*`} element={<ComingSoonPage />} />
          <Route path={paths.adminLoads} element={<ComingSoonPage />} />
          <Route path={paths.adminConsignments} element={<ComingSoonPage />} />
          <Route path="/node/*" element={<ComingSoonPage />} />
          <Route path="/portal/*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
