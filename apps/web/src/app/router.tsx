import { type ComponentType, lazy as reactLazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { WebViewFrame } from '../components/web-view-frame.tsx';
import { loadFeatureLocales } from '../lib/i18n.ts';
import { homeFor, paths } from '../lib/paths.ts';
import { useStored } from '../lib/storage.ts';
import { RequireAuth } from './shell/require-auth.tsx';

// Every page is its own chunk: /operatorlogin must load fast on a phone over a slow network,
// so the shell, tables and forms of the portal come only after login.
/** A page after login: its code and every feature's texts arrive together, so no raw keys flash. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props
const lazy = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) =>
  reactLazy(() => Promise.all([load(), loadFeatureLocales()]).then(([page]) => page));

// the login page is the first screen on a cheap phone: it waits for nothing else
const LoginPage = reactLazy(() => import('../features/auth/routes/login-page.tsx'));
const AppLayout = lazy(() => import('./shell/app-layout.tsx'));
const WebViewLayout = lazy(() => import('./shell/web-view-layout.tsx'));
const FleetLoadConfirmationPage = lazy(() => import('../features/tokens/routes/fleet-load-confirmation-page.tsx'));
const SharedFleetConfirmationPage = lazy(() => import('../features/tokens/routes/shared-fleet-confirmation-page.tsx'));
const TripDetailsPage = lazy(() => import('../features/trips/routes/trip-details-page.tsx'));
const TripTrackingCard = lazy(() =>
  import('../features/tracking/components/trip-tracking.tsx').then((m) => ({ default: m.TripTrackingCard })),
);
const PodUploader = lazy(() => import('../features/pod/components/pod-uploader.tsx').then((m) => ({ default: m.PodUploader })));
const ReferralJoinPage = lazy(() => import('../features/support/routes/referral-join-page.tsx'));
const PublicPolicyPage = lazy(() => import('../features/account/routes/public-policy-page.tsx'));
const PublicPoliciesIndexPage = lazy(() =>
  import('../features/account/routes/public-policy-page.tsx').then((m) => ({ default: m.PublicPoliciesIndexPage })),
);
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));

/** A route of a layout: a page, or an older address that now lives at another. */
type PageRoute = { path: string; Page: ComponentType; to?: never } | { path: string; to: string; Page?: never };

// one component for a page that two addresses show
const TripsPage = lazy(() => import('../features/trips/routes/trips-page.tsx'));
const DocumentsPage = lazy(() => import('../features/fleet/routes/documents-page.tsx'));

/** The portal's pages inside the shell. */
const shellPages: PageRoute[] = [
  { path: paths.home, Page: lazy(() => import('./pages/home-page.tsx')) },
  { path: paths.ums, Page: lazy(() => import('../features/users/routes/ums-page.tsx')) },
  { path: paths.umsAddUser, Page: lazy(() => import('../features/users/routes/add-user-page.tsx')) },
  { path: paths.consigner, to: paths.consignerVehicles },
  { path: paths.consignerVehicles, Page: lazy(() => import('../features/consigner/routes/consigner-vehicles-page.tsx')) },
  { path: paths.consignerTrips, Page: lazy(() => import('../features/consigner/routes/consigner-trips-page.tsx')) },
  { path: paths.consignerTripPay, Page: lazy(() => import('../features/payments/routes/consigner-trip-pay-page.tsx')) },
  { path: paths.consignerReports, Page: lazy(() => import('../features/consigner/routes/consigner-reports-page.tsx')) },
  { path: paths.fastag, Page: lazy(() => import('../features/fastag/routes/fastag-list-page.tsx')) },
  { path: paths.fastagDetails, Page: lazy(() => import('../features/fastag/routes/fastag-details-page.tsx')) },
  { path: paths.fastagPassbook, Page: lazy(() => import('../features/wallet/routes/passbook-page.tsx')) },
  {
    path: paths.adminLoads,
    Page: lazy(() => import('../features/loads/routes/consigner-loads-page.tsx').then((m) => ({ default: m.AdminLoadsPage }))),
  },
  { path: paths.adminPods, Page: lazy(() => import('../features/pod/routes/admin-pod-review-page.tsx')) },
  // support area: the desk
  { path: paths.adminSupport, Page: lazy(() => import('../features/support/routes/support-desk-page.tsx')) },
  { path: paths.adminSurveys, Page: lazy(() => import('../features/support/routes/admin-surveys-page.tsx')) },
  { path: paths.adminRateCards, Page: lazy(() => import('../features/support/routes/admin-rate-cards-page.tsx')) },
  { path: paths.consignerLoads, Page: lazy(() => import('../features/loads/routes/consigner-loads-page.tsx')) },
  // operations
  { path: paths.adminConsignments, Page: lazy(() => import('../features/operations/routes/update-consignment-page.tsx')) },
  { path: paths.workflow, Page: lazy(() => import('../features/operations/routes/workflow-page.tsx')) },
  { path: paths.workflowScheduled, Page: lazy(() => import('../features/operations/routes/scheduled-page.tsx')) },
  { path: paths.workflowDocket, Page: lazy(() => import('../features/operations/routes/docket-page.tsx')) },
  { path: paths.workflowCollection, Page: lazy(() => import('../features/operations/routes/collection-page.tsx')) },
  { path: paths.addMoney, Page: lazy(() => import('../features/payments/routes/add-money-page.tsx')) },
  { path: paths.payment, Page: lazy(() => import('../features/payments/routes/payment-page.tsx')) },
  { path: paths.paymentResult, Page: lazy(() => import('../features/payments/routes/payment-result-page.tsx')) },
  // fleet (issue 12)
  { path: paths.documents, Page: DocumentsPage },
  { path: paths.drivers, Page: lazy(() => import('../features/fleet/routes/drivers-page.tsx')) },
  { path: paths.devices, Page: lazy(() => import('../features/fleet/routes/devices-page.tsx')) },
  { path: paths.gpsDashboard, Page: lazy(() => import('../features/fleet/routes/gps-dashboard-page.tsx')) },
  { path: paths.adminFleet, Page: lazy(() => import('../features/fleet/routes/admin-fleet-page.tsx')) },
  { path: paths.maintenance, Page: lazy(() => import('../features/fleet/routes/maintenance-page.tsx')) },
  { path: paths.reports, Page: lazy(() => import('../features/fleet/routes/reports-page.tsx')) },
  { path: paths.nodeMaintenance, to: paths.maintenance },
  { path: paths.nodeReports, to: paths.reports },
  // account (issue 13)
  { path: paths.accountSettings, Page: lazy(() => import('../features/account/routes/settings-page.tsx')) },
  { path: paths.accountPlaces, Page: lazy(() => import('../features/account/routes/places-page.tsx')) },
  // the older app's /node links: places and settings live in the portal now, the rest go home
  { path: paths.places, to: paths.accountPlaces },
  { path: paths.settings, to: paths.accountSettings },
];

/** The web views: bare inside the native app, in the portal shell on the portal (ADR 145). */
const webViewPages: PageRoute[] = [
  { path: paths.activeLoads, Page: lazy(() => import('../features/loads/routes/active-loads-page.tsx')) },
  { path: paths.activeLoadDetails, Page: lazy(() => import('../features/quotes/routes/load-details-page.tsx')) },
  {
    path: paths.loadingPoint,
    Page: lazy(() => import('../features/loads/routes/load-points-page.tsx').then((m) => ({ default: m.LoadingPointPage }))),
  },
  {
    path: paths.unloadingPoint,
    Page: lazy(() => import('../features/loads/routes/load-points-page.tsx').then((m) => ({ default: m.UnloadingPointPage }))),
  },
  { path: paths.whatsappDemand, Page: lazy(() => import('../features/loads/routes/whatsapp-demand-page.tsx')) },
  { path: paths.tokenPayment, Page: lazy(() => import('../features/tokens/routes/token-payment-page.tsx')) },
  // trips
  { path: paths.trips, Page: TripsPage },
  { path: paths.myTrips, Page: TripsPage },
  { path: paths.marketplaceActiveLoads, to: paths.activeLoads },
  { path: paths.driverDetailsUpdate, Page: lazy(() => import('../features/trips/routes/driver-details-update-page.tsx')) },
  { path: paths.ticketsChat, Page: lazy(() => import('../features/support/routes/ticket-chat-page.tsx')) },
  { path: paths.subscriptionPage, Page: lazy(() => import('../features/subscription/routes/subscription-page.tsx')) },
  { path: paths.subscriptionStatus, Page: lazy(() => import('../features/subscription/routes/subscription-status-page.tsx')) },
  // support area
  { path: paths.tickets, Page: lazy(() => import('../features/support/routes/tickets-page.tsx')) },
  { path: paths.ratingStory, Page: lazy(() => import('../features/support/routes/rating-story-page.tsx')) },
  { path: paths.referralEarn, Page: lazy(() => import('../features/support/routes/referral-earn-page.tsx')) },
  { path: paths.survey, Page: lazy(() => import('../features/support/routes/survey-page.tsx')) },
  { path: paths.rateCards, Page: lazy(() => import('../features/support/routes/rate-cards-page.tsx')) },
  // fleet (issue 12) web views
  { path: paths.operatorKyc, Page: DocumentsPage },
  { path: paths.buyGps, Page: lazy(() => import('../features/fleet/routes/buy-gps-page.tsx')) },
  // account (issue 13)
  { path: paths.operatorProfile, Page: lazy(() => import('../features/account/routes/operator-profile-page.tsx')) },
  { path: paths.operatorTdsDeclaration, Page: lazy(() => import('../features/account/routes/tds-declaration-page.tsx')) },
  { path: paths.onboardingOperator, Page: lazy(() => import('../features/account/routes/onboarding-page.tsx')) },
];

/** A layout's table as its child routes. */
const routesOf = (pages: PageRoute[]) =>
  pages.map(({ path, Page, to }) => <Route key={path} path={path} element={Page ? <Page /> : <Navigate to={to} replace />} />);

function RootRedirect() {
  const token = useStored('accessToken');
  const menuType = useStored('menuType');
  return <Navigate to={token ? homeFor(menuType) : paths.login} replace />;
}

/** The public page for a signed link; the operator's own page (with its actions) behind the login. */
function FleetConfirmationRoute() {
  const [params] = useSearchParams();
  return params.get('sig') ? (
    <SharedFleetConfirmationPage />
  ) : (
    <RequireAuth>
      <FleetLoadConfirmationPage />
    </RequireAuth>
  );
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
        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          {routesOf(shellPages)}
          {/* the rest of the older app's /node links go home */}
          <Route path="/node/*" element={<Navigate to={paths.home} replace />} />
          <Route path="/portal/*" element={<NotFoundPage />} />
        </Route>
        {/* web views: bare inside the native app, in the portal shell on the portal (ADR 145) */}
        <Route
          element={
            <RequireAuth>
              <WebViewLayout />
            </RequireAuth>
          }
        >
          {routesOf(webViewPages)}
          {/* trips: the details page gets tracking and POD from their areas (features never import features) */}
          <Route path={paths.tripDetails} element={<TripDetailsPage version={1} Pod={PodUploader} />} />
          <Route path={paths.tripDetailsV2} element={<TripDetailsPage version={2} Tracking={TripTrackingCard} Pod={PodUploader} />} />
        </Route>
        {/* trip screens (issue 16): a signed link opens the confirmation without a login (ADR 142) */}
        <Route path={paths.fleetLoadConfirmation} element={<FleetConfirmationRoute />} />
        {/* public pages: a main landmark and a page heading like the shell's (ADR 149) */}
        <Route
          element={
            <WebViewFrame>
              <Outlet />
            </WebViewFrame>
          }
        >
          {/* support area: the join form behind a referral link is public */}
          <Route path={paths.referralJoin} element={<ReferralJoinPage />} />

          {/* account (issue 13): public policy pages, no login */}
          <Route path="/public/policies" element={<PublicPoliciesIndexPage />} />
          <Route path={paths.publicPolicy} element={<PublicPolicyPage />} />
          <Route path="/app/caraxes/public/policies/fo/:type" element={<PublicPolicyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
