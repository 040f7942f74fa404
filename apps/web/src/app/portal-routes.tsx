import { type ComponentType, lazy as reactLazy } from 'react';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router';
import { WebViewFrame } from '../components/web-view-frame.tsx';
import { loadFeatureLocales } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { QueryProvider } from './query-provider.tsx';
import { RequireAuth } from './shell/require-auth.tsx';

// Every page is its own chunk: /operatorlogin must load fast on a phone over a slow network,
// so the shell, tables and forms of the portal come only after login.
/**
 * A page after login: its code and its feature's texts arrive together, so no raw keys flash. Only that
 * feature's texts (features never import features, so a page speaks only its own namespace beside the
 * shared ones), not every feature's (ADR 089).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature takes any component props
const lazy = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>, namespaces: readonly string[]) =>
  reactLazy(() => Promise.all([load(), loadFeatureLocales(namespaces)]).then(([page]) => page));
/** The logged-in frame's own texts are shared ones; its account prompts and feedback widget fetch theirs when shown. */
const SHELL_FEATURES: readonly string[] = [];

const AppLayout = lazy(() => import('./shell/app-layout.tsx'), SHELL_FEATURES);
const WebViewLayout = lazy(() => import('./shell/web-view-layout.tsx'), SHELL_FEATURES);
const FleetLoadConfirmationPage = lazy(() => import('../features/marketplace/tokens/routes/fleet-load-confirmation-page.tsx'), ['tokens']);
const SharedFleetConfirmationPage = lazy(
  () => import('../features/marketplace/tokens/routes/shared-fleet-confirmation-page.tsx'),
  ['tokens'],
);
const DriverPage = lazy(() => import('../features/trips/driver/routes/driver-page.tsx'), ['driver']);
const TripDetailsPage = lazy(() => import('../features/trips/trips/routes/trip-details-page.tsx'), ['trips']);
const TripTrackingCard = lazy(
  () => import('../features/trips/tracking/components/trip-tracking.tsx').then((m) => ({ default: m.TripTrackingCard })),
  ['tracking'],
);
const PodUploader = lazy(
  () => import('../features/trips/pod/components/pod-uploader.tsx').then((m) => ({ default: m.PodUploader })),
  ['pod'],
);
const ReferralJoinPage = lazy(() => import('../features/support/support/routes/referral-join-page.tsx'), ['support']);
const PublicPolicyPage = lazy(() => import('../features/account/account/routes/public-policy-page.tsx'), ['account']);
const PublicPoliciesIndexPage = lazy(
  () => import('../features/account/account/routes/public-policy-page.tsx').then((m) => ({ default: m.PublicPoliciesIndexPage })),
  ['account'],
);
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'), []);

/** A route of a layout: a page, or an older address that now lives at another. */
type PageRoute = { path: string; Page: ComponentType; to?: never } | { path: string; to: string; Page?: never };

// one component for a page that two addresses show
const TripsPage = lazy(() => import('../features/trips/trips/routes/trips-page.tsx'), ['trips']);
const DocumentsPage = lazy(() => import('../features/fleet/fleet/routes/documents-page.tsx'), ['fleet']);

/** The portal's pages inside the shell. */
const shellPages: PageRoute[] = [
  { path: paths.home, Page: lazy(() => import('./pages/home-page.tsx'), ['account']) },
  { path: paths.ums, Page: lazy(() => import('../features/account/users/routes/ums-page.tsx'), ['users']) },
  { path: paths.umsAddUser, Page: lazy(() => import('../features/account/users/routes/add-user-page.tsx'), ['users']) },
  { path: paths.consigner, to: paths.consignerVehicles },
  {
    path: paths.consignerVehicles,
    Page: lazy(() => import('../features/operations/consigner/routes/consigner-vehicles-page.tsx'), ['consigner']),
  },
  {
    path: paths.consignerTrips,
    Page: lazy(() => import('../features/operations/consigner/routes/consigner-trips-page.tsx'), ['consigner']),
  },
  { path: paths.consignerTripPay, Page: lazy(() => import('../features/money/payments/routes/consigner-trip-pay-page.tsx'), ['payments']) },
  {
    path: paths.consignerReports,
    Page: lazy(() => import('../features/operations/consigner/routes/consigner-reports-page.tsx'), ['consigner']),
  },
  { path: paths.fastag, Page: lazy(() => import('../features/money/fastag/routes/fastag-list-page.tsx'), ['fastag']) },
  { path: paths.fastagDetails, Page: lazy(() => import('../features/money/fastag/routes/fastag-details-page.tsx'), ['fastag']) },
  {
    path: paths.fastagSuspicious,
    Page: lazy(() => import('../features/money/fastag/routes/suspicious-tolls-page.tsx'), ['fastag']),
  },
  { path: paths.fastagPassbook, Page: lazy(() => import('../features/money/wallet/routes/passbook-page.tsx'), ['wallet']) },
  {
    path: paths.adminLoads,
    Page: lazy(
      () => import('../features/marketplace/loads/routes/consigner-loads-page.tsx').then((m) => ({ default: m.AdminLoadsPage })),
      ['loads'],
    ),
  },
  { path: paths.adminPods, Page: lazy(() => import('../features/trips/pod/routes/admin-pod-review-page.tsx'), ['pod']) },
  // support area: the desk
  { path: paths.adminSupport, Page: lazy(() => import('../features/support/support/routes/support-desk-page.tsx'), ['support']) },
  { path: paths.adminSurveys, Page: lazy(() => import('../features/support/support/routes/admin-surveys-page.tsx'), ['support']) },
  { path: paths.adminRateCards, Page: lazy(() => import('../features/support/support/routes/admin-rate-cards-page.tsx'), ['support']) },
  { path: paths.consignerLoads, Page: lazy(() => import('../features/marketplace/loads/routes/consigner-loads-page.tsx'), ['loads']) },
  // operations
  {
    path: paths.adminConsignments,
    Page: lazy(() => import('../features/operations/operations/routes/update-consignment-page.tsx'), ['operations']),
  },
  { path: paths.workflow, Page: lazy(() => import('../features/operations/operations/routes/workflow-page.tsx'), ['operations']) },
  {
    path: paths.workflowScheduled,
    Page: lazy(() => import('../features/operations/operations/routes/scheduled-page.tsx'), ['operations']),
  },
  { path: paths.workflowDocket, Page: lazy(() => import('../features/operations/operations/routes/docket-page.tsx'), ['operations']) },
  {
    path: paths.workflowCollection,
    Page: lazy(() => import('../features/operations/operations/routes/collection-page.tsx'), ['operations']),
  },
  { path: paths.addMoney, Page: lazy(() => import('../features/money/payments/routes/add-money-page.tsx'), ['payments']) },
  { path: paths.payment, Page: lazy(() => import('../features/money/payments/routes/payment-page.tsx'), ['payments']) },
  { path: paths.paymentResult, Page: lazy(() => import('../features/money/payments/routes/payment-result-page.tsx'), ['payments']) },
  // fleet (issue 12)
  { path: paths.documents, Page: DocumentsPage },
  { path: paths.drivers, Page: lazy(() => import('../features/fleet/fleet/routes/drivers-page.tsx'), ['fleet']) },
  { path: paths.devices, Page: lazy(() => import('../features/fleet/fleet/routes/devices-page.tsx'), ['fleet']) },
  { path: paths.gpsDashboard, Page: lazy(() => import('../features/fleet/fleet/routes/gps-dashboard-page.tsx'), ['fleet']) },
  { path: paths.adminFleet, Page: lazy(() => import('../features/fleet/fleet/routes/admin-fleet-page.tsx'), ['fleet']) },
  { path: paths.maintenance, Page: lazy(() => import('../features/fleet/fleet/routes/maintenance-page.tsx'), ['fleet']) },
  { path: paths.reports, Page: lazy(() => import('../features/fleet/fleet/routes/reports-page.tsx'), ['fleet']) },
  { path: paths.nodeMaintenance, to: paths.maintenance },
  { path: paths.nodeReports, to: paths.reports },
  // account (issue 13)
  { path: paths.accountSettings, Page: lazy(() => import('../features/account/account/routes/settings-page.tsx'), ['account']) },
  { path: paths.accountPlaces, Page: lazy(() => import('../features/account/account/routes/places-page.tsx'), ['account']) },
  // the older app's /node links: places and settings live in the portal now, the rest go home
  { path: paths.places, to: paths.accountPlaces },
  { path: paths.settings, to: paths.accountSettings },
];

/** The web views: bare inside the native app, in the portal shell on the portal (ADR 145). */
const webViewPages: PageRoute[] = [
  { path: paths.activeLoads, Page: lazy(() => import('../features/marketplace/loads/routes/active-loads-page.tsx'), ['loads']) },
  { path: paths.activeLoadDetails, Page: lazy(() => import('../features/marketplace/quotes/routes/load-details-page.tsx'), ['quotes']) },
  {
    path: paths.loadingPoint,
    Page: lazy(
      () => import('../features/marketplace/loads/routes/load-points-page.tsx').then((m) => ({ default: m.LoadingPointPage })),
      ['loads'],
    ),
  },
  {
    path: paths.unloadingPoint,
    Page: lazy(
      () => import('../features/marketplace/loads/routes/load-points-page.tsx').then((m) => ({ default: m.UnloadingPointPage })),
      ['loads'],
    ),
  },
  { path: paths.whatsappDemand, Page: lazy(() => import('../features/marketplace/loads/routes/whatsapp-demand-page.tsx'), ['loads']) },
  { path: paths.tokenPayment, Page: lazy(() => import('../features/marketplace/tokens/routes/token-payment-page.tsx'), ['tokens']) },
  // trips
  { path: paths.trips, Page: TripsPage },
  { path: paths.myTrips, Page: TripsPage },
  { path: paths.marketplaceActiveLoads, to: paths.activeLoads },
  { path: paths.driverDetailsUpdate, Page: lazy(() => import('../features/trips/trips/routes/driver-details-update-page.tsx'), ['trips']) },
  { path: paths.ticketsChat, Page: lazy(() => import('../features/support/support/routes/ticket-chat-page.tsx'), ['support']) },
  {
    path: paths.subscriptionPage,
    Page: lazy(() => import('../features/money/subscription/routes/subscription-page.tsx'), ['subscription']),
  },
  {
    path: paths.subscriptionStatus,
    Page: lazy(() => import('../features/money/subscription/routes/subscription-status-page.tsx'), ['subscription']),
  },
  // support area
  { path: paths.tickets, Page: lazy(() => import('../features/support/support/routes/tickets-page.tsx'), ['support']) },
  { path: paths.ratingStory, Page: lazy(() => import('../features/support/support/routes/rating-story-page.tsx'), ['support']) },
  { path: paths.referralEarn, Page: lazy(() => import('../features/support/support/routes/referral-earn-page.tsx'), ['support']) },
  { path: paths.survey, Page: lazy(() => import('../features/support/support/routes/survey-page.tsx'), ['support']) },
  { path: paths.rateCards, Page: lazy(() => import('../features/support/support/routes/rate-cards-page.tsx'), ['support']) },
  // fleet (issue 12) web views
  { path: paths.operatorKyc, Page: DocumentsPage },
  { path: paths.buyGps, Page: lazy(() => import('../features/fleet/fleet/routes/buy-gps-page.tsx'), ['fleet']) },
  // account (issue 13)
  { path: paths.operatorProfile, Page: lazy(() => import('../features/account/account/routes/operator-profile-page.tsx'), ['account']) },
  {
    path: paths.operatorTdsDeclaration,
    Page: lazy(() => import('../features/account/account/routes/tds-declaration-page.tsx'), ['account']),
  },
  { path: paths.onboardingOperator, Page: lazy(() => import('../features/account/account/routes/onboarding-page.tsx'), ['account']) },
];

/** A layout's table as its child routes. */
const routesOf = (pages: PageRoute[]) =>
  pages.map(({ path, Page, to }) => <Route key={path} path={path} element={Page ? <Page /> : <Navigate to={to} replace />} />);

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

/** Every route but the login page and the root's redirect, under the query client those pages read with. */
export default function PortalRoutes() {
  return (
    <QueryProvider>
      <Routes>
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
        {/* the driver's link (issue 49): the signed token is the permission, no login and no menu (ADR 260) */}
        <Route path={paths.driverTrip} element={<DriverPage />} />
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
    </QueryProvider>
  );
}
