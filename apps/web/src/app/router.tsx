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

// the login page is the first screen on a cheap phone: it waits for nothing else
const LoginPage = reactLazy(() => import('../features/auth/routes/login-page.tsx'));
const AppLayout = lazy(() => import('./shell/app-layout.tsx'), SHELL_FEATURES);
const WebViewLayout = lazy(() => import('./shell/web-view-layout.tsx'), SHELL_FEATURES);
const HomePage = lazy(() => import('./pages/home-page.tsx'), ['account']);
const UmsPage = lazy(() => import('../features/users/routes/ums-page.tsx'), ['users']);
const AddUserPage = lazy(() => import('../features/users/routes/add-user-page.tsx'), ['users']);
const ConsignerVehiclesPage = lazy(() => import('../features/consigner/routes/consigner-vehicles-page.tsx'), ['consigner']);
const ConsignerTripsPage = lazy(() => import('../features/consigner/routes/consigner-trips-page.tsx'), ['consigner']);
const ConsignerTripPayPage = lazy(() => import('../features/payments/routes/consigner-trip-pay-page.tsx'), ['payments']);
const AddMoneyPage = lazy(() => import('../features/payments/routes/add-money-page.tsx'), ['payments']);
const PaymentPage = lazy(() => import('../features/payments/routes/payment-page.tsx'), ['payments']);
const PaymentResultPage = lazy(() => import('../features/payments/routes/payment-result-page.tsx'), ['payments']);
const ActiveLoadsPage = lazy(() => import('../features/loads/routes/active-loads-page.tsx'), ['loads']);
const LoadingPointPage = lazy(
  () => import('../features/loads/routes/load-points-page.tsx').then((m) => ({ default: m.LoadingPointPage })),
  ['loads'],
);
const UnloadingPointPage = lazy(
  () => import('../features/loads/routes/load-points-page.tsx').then((m) => ({ default: m.UnloadingPointPage })),
  ['loads'],
);
const WhatsappDemandPage = lazy(() => import('../features/loads/routes/whatsapp-demand-page.tsx'), ['loads']);
const ConsignerLoadsPage = lazy(() => import('../features/loads/routes/consigner-loads-page.tsx'), ['loads']);
const AdminLoadsPage = lazy(
  () => import('../features/loads/routes/consigner-loads-page.tsx').then((m) => ({ default: m.AdminLoadsPage })),
  ['loads'],
);
const LoadDetailsPage = lazy(() => import('../features/quotes/routes/load-details-page.tsx'), ['quotes']);
const TokenPaymentPage = lazy(() => import('../features/tokens/routes/token-payment-page.tsx'), ['tokens']);
const FleetLoadConfirmationPage = lazy(() => import('../features/tokens/routes/fleet-load-confirmation-page.tsx'), ['tokens']);
const SharedFleetConfirmationPage = lazy(() => import('../features/tokens/routes/shared-fleet-confirmation-page.tsx'), ['tokens']);
const FastagListPage = lazy(() => import('../features/fastag/routes/fastag-list-page.tsx'), ['fastag']);
const FastagDetailsPage = lazy(() => import('../features/fastag/routes/fastag-details-page.tsx'), ['fastag']);
const PassbookPage = lazy(() => import('../features/wallet/routes/passbook-page.tsx'), ['wallet']);
const TripsPage = lazy(() => import('../features/trips/routes/trips-page.tsx'), ['trips']);
const TripDetailsPage = lazy(() => import('../features/trips/routes/trip-details-page.tsx'), ['trips']);
const DriverDetailsUpdatePage = lazy(() => import('../features/trips/routes/driver-details-update-page.tsx'), ['trips']);
const SubscriptionPage = lazy(() => import('../features/subscription/routes/subscription-page.tsx'), ['subscription']);
const SubscriptionStatusPage = lazy(() => import('../features/subscription/routes/subscription-status-page.tsx'), ['subscription']);
const TripTrackingCard = lazy(
  () => import('../features/tracking/components/trip-tracking.tsx').then((m) => ({ default: m.TripTrackingCard })),
  ['tracking'],
);
const PodUploader = lazy(() => import('../features/pod/components/pod-uploader.tsx').then((m) => ({ default: m.PodUploader })), ['pod']);
const AdminPodReviewPage = lazy(() => import('../features/pod/routes/admin-pod-review-page.tsx'), ['pod']);
// support area
const TicketsChatPage = lazy(() => import('../features/support/routes/ticket-chat-page.tsx'), ['support']);
const TicketsPage = lazy(() => import('../features/support/routes/tickets-page.tsx'), ['support']);
const SupportDeskPage = lazy(() => import('../features/support/routes/support-desk-page.tsx'), ['support']);
const AdminSurveysPage = lazy(() => import('../features/support/routes/admin-surveys-page.tsx'), ['support']);
const AdminRateCardsPage = lazy(() => import('../features/support/routes/admin-rate-cards-page.tsx'), ['support']);
const RatingStoryPage = lazy(() => import('../features/support/routes/rating-story-page.tsx'), ['support']);
const ReferralEarnPage = lazy(() => import('../features/support/routes/referral-earn-page.tsx'), ['support']);
const ReferralJoinPage = lazy(() => import('../features/support/routes/referral-join-page.tsx'), ['support']);
const SurveyPage = lazy(() => import('../features/support/routes/survey-page.tsx'), ['support']);
const RateCardsPage = lazy(() => import('../features/support/routes/rate-cards-page.tsx'), ['support']);
// fleet (issue 12)
const DocumentsPage = lazy(() => import('../features/fleet/routes/documents-page.tsx'), ['fleet']);
const DriversPage = lazy(() => import('../features/fleet/routes/drivers-page.tsx'), ['fleet']);
const DevicesPage = lazy(() => import('../features/fleet/routes/devices-page.tsx'), ['fleet']);
const GpsDashboardPage = lazy(() => import('../features/fleet/routes/gps-dashboard-page.tsx'), ['fleet']);
const BuyGpsPage = lazy(() => import('../features/fleet/routes/buy-gps-page.tsx'), ['fleet']);
const AdminFleetPage = lazy(() => import('../features/fleet/routes/admin-fleet-page.tsx'), ['fleet']);
const MaintenancePage = lazy(() => import('../features/fleet/routes/maintenance-page.tsx'), ['fleet']);
const FleetReportsPage = lazy(() => import('../features/fleet/routes/reports-page.tsx'), ['fleet']);
// account (issue 13)
const OperatorProfilePage = lazy(() => import('../features/account/routes/operator-profile-page.tsx'), ['account']);
const TdsDeclarationPage = lazy(() => import('../features/account/routes/tds-declaration-page.tsx'), ['account']);
const AccountSettingsPage = lazy(() => import('../features/account/routes/settings-page.tsx'), ['account']);
const PlacesPage = lazy(() => import('../features/account/routes/places-page.tsx'), ['account']);
const OnboardingPage = lazy(() => import('../features/account/routes/onboarding-page.tsx'), ['account']);
const PublicPolicyPage = lazy(() => import('../features/account/routes/public-policy-page.tsx'), ['account']);
const PublicPoliciesIndexPage = lazy(
  () => import('../features/account/routes/public-policy-page.tsx').then((m) => ({ default: m.PublicPoliciesIndexPage })),
  ['account'],
);
// operations
const UpdateConsignmentPage = lazy(() => import('../features/operations/routes/update-consignment-page.tsx'), ['operations']);
const WorkflowPage = lazy(() => import('../features/operations/routes/workflow-page.tsx'), ['operations']);
const ScheduledPage = lazy(() => import('../features/operations/routes/scheduled-page.tsx'), ['operations']);
const DocketPage = lazy(() => import('../features/operations/routes/docket-page.tsx'), ['operations']);
const CollectionPage = lazy(() => import('../features/operations/routes/collection-page.tsx'), ['operations']);
const ConsignerReportsPage = lazy(() => import('../features/consigner/routes/consigner-reports-page.tsx'), ['consigner']);
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'), []);

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
          <Route path={paths.home} element={<HomePage />} />
          <Route path={paths.ums} element={<UmsPage />} />
          <Route path={paths.umsAddUser} element={<AddUserPage />} />
          <Route path={paths.consigner} element={<Navigate to={paths.consignerVehicles} replace />} />
          <Route path={paths.consignerVehicles} element={<ConsignerVehiclesPage />} />
          <Route path={paths.consignerTrips} element={<ConsignerTripsPage />} />
          <Route path={paths.consignerTripPay} element={<ConsignerTripPayPage />} />
          <Route path={paths.consignerReports} element={<ConsignerReportsPage />} />
          <Route path={paths.fastag} element={<FastagListPage />} />
          <Route path={paths.fastagDetails} element={<FastagDetailsPage />} />
          <Route path={paths.fastagPassbook} element={<PassbookPage />} />
          <Route path={paths.adminLoads} element={<AdminLoadsPage />} />
          <Route path={paths.adminPods} element={<AdminPodReviewPage />} />
          {/* support area: the desk */}
          <Route path={paths.adminSupport} element={<SupportDeskPage />} />
          <Route path={paths.adminSurveys} element={<AdminSurveysPage />} />
          <Route path={paths.adminRateCards} element={<AdminRateCardsPage />} />
          <Route path={paths.consignerLoads} element={<ConsignerLoadsPage />} />
          {/* operations */}
          <Route path={paths.adminConsignments} element={<UpdateConsignmentPage />} />
          <Route path={paths.workflow} element={<WorkflowPage />} />
          <Route path={paths.workflowScheduled} element={<ScheduledPage />} />
          <Route path={paths.workflowDocket} element={<DocketPage />} />
          <Route path={paths.workflowCollection} element={<CollectionPage />} />
          <Route path={paths.addMoney} element={<AddMoneyPage />} />
          <Route path={paths.payment} element={<PaymentPage />} />
          <Route path={paths.paymentResult} element={<PaymentResultPage />} />
          {/* fleet (issue 12) */}
          <Route path={paths.documents} element={<DocumentsPage />} />
          <Route path={paths.drivers} element={<DriversPage />} />
          <Route path={paths.devices} element={<DevicesPage />} />
          <Route path={paths.gpsDashboard} element={<GpsDashboardPage />} />
          <Route path={paths.adminFleet} element={<AdminFleetPage />} />
          <Route path={paths.maintenance} element={<MaintenancePage />} />
          <Route path={paths.reports} element={<FleetReportsPage />} />
          <Route path={paths.nodeMaintenance} element={<Navigate to={paths.maintenance} replace />} />
          <Route path={paths.nodeReports} element={<Navigate to={paths.reports} replace />} />
          {/* account (issue 13) */}
          <Route path={paths.accountSettings} element={<AccountSettingsPage />} />
          <Route path={paths.accountPlaces} element={<PlacesPage />} />
          {/* the older app's /node links: places and settings live in the portal now, the rest go home */}
          <Route path={paths.places} element={<Navigate to={paths.accountPlaces} replace />} />
          <Route path={paths.settings} element={<Navigate to={paths.accountSettings} replace />} />
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
          <Route path={paths.activeLoads} element={<ActiveLoadsPage />} />
          <Route path={paths.activeLoadDetails} element={<LoadDetailsPage />} />
          <Route path={paths.loadingPoint} element={<LoadingPointPage />} />
          <Route path={paths.unloadingPoint} element={<UnloadingPointPage />} />
          <Route path={paths.whatsappDemand} element={<WhatsappDemandPage />} />
          <Route path={paths.tokenPayment} element={<TokenPaymentPage />} />
          {/* trips: the details page gets tracking and POD from their areas (features never import features) */}
          <Route path={paths.trips} element={<TripsPage />} />
          <Route path={paths.myTrips} element={<TripsPage />} />
          <Route path={paths.tripDetails} element={<TripDetailsPage version={1} Pod={PodUploader} />} />
          <Route path={paths.tripDetailsV2} element={<TripDetailsPage version={2} Tracking={TripTrackingCard} Pod={PodUploader} />} />
          <Route path={paths.marketplaceActiveLoads} element={<Navigate to={paths.activeLoads} replace />} />
          <Route path={paths.driverDetailsUpdate} element={<DriverDetailsUpdatePage />} />
          <Route path={paths.ticketsChat} element={<TicketsChatPage />} />
          <Route path={paths.subscriptionPage} element={<SubscriptionPage />} />
          <Route path={paths.subscriptionStatus} element={<SubscriptionStatusPage />} />
          {/* support area */}
          <Route path={paths.tickets} element={<TicketsPage />} />
          <Route path={paths.ratingStory} element={<RatingStoryPage />} />
          <Route path={paths.referralEarn} element={<ReferralEarnPage />} />
          <Route path={paths.survey} element={<SurveyPage />} />
          <Route path={paths.rateCards} element={<RateCardsPage />} />
          {/* fleet (issue 12) web views */}
          <Route path={paths.operatorKyc} element={<DocumentsPage />} />
          <Route path={paths.buyGps} element={<BuyGpsPage />} />
          {/* account (issue 13) */}
          <Route path={paths.operatorProfile} element={<OperatorProfilePage />} />
          <Route path={paths.operatorTdsDeclaration} element={<TdsDeclarationPage />} />
          <Route path={paths.onboardingOperator} element={<OnboardingPage />} />
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
