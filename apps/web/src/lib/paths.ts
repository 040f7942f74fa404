/** Every URL of the portal, in one place (STYLE §12). */
export const paths = {
  root: '/',
  login: '/operatorlogin',
  home: '/portal/home',
  ums: '/portal/ums',
  umsAddUser: '/portal/ums/add-user',
  fastag: '/portal/fastag',
  fastagDetails: '/portal/fastag/details',
  fastagPassbook: '/portal/fastag/passbook',
  fastagSuspicious: '/portal/fastag/suspicious',
  payment: '/portal/payment',
  addMoney: '/portal/wallet/add-money',
  paymentResult: '/portal/transaction/paytm/:orderId',
  workflow: '/portal/workflow',
  consigner: '/portal/consigner',
  consignerVehicles: '/portal/consigner/vehicles',
  consignerTrips: '/portal/consigner/trips',
  consignerTripPay: '/portal/consigner/trips/:tripId/pay',
  consignerReports: '/portal/consigner/reports',
  // fleet (issue 12): built in this portal
  gpsDashboard: '/portal/fleet/gps-dashboard',
  devices: '/portal/fleet/devices',
  drivers: '/portal/fleet/drivers',
  documents: '/portal/fleet/documents',
  reports: '/portal/fleet/reports',
  maintenance: '/portal/fleet/maintenance',
  operatorKyc: '/web-view/operatorKyc',
  buyGps: '/web-view/buy-gps',
  adminFleet: '/portal/admin/fleet',
  // Not built yet in this portal; the spec's menu links them to older pages (spec: fastag §2.10).
  nodeReports: '/node/reports',
  places: '/node/places',
  nodeMaintenance: '/node/maintenance',
  settings: '/node/settings',
  adminLoads: '/portal/admin/loads',
  consignerLoads: '/portal/consigner/loads',
  // marketplace web views (spec: fastag §2.3–2.4); patterns with :params go through pathWith()
  activeLoads: '/web-view/active-loads',
  activeLoadDetails: '/web-view/active-loads/details/:demandId',
  loadingPoint: '/web-view/active-loads/loadingPoint/:demandId',
  unloadingPoint: '/web-view/active-loads/unLoadingPoint/:demandId',
  whatsappDemand: '/web-view/whatsapp-demand',
  tokenPayment: '/web-view/active-loads/token/:demandId',
  fleetLoadConfirmation: '/public/fleet-load-confirmation',
  // the driver's link (issue 49, ADR 260): no login, no shell
  driverTrip: '/d/:token',
  adminConsignments: '/portal/update-consignment',
  // trips web views (spec: fastag §2.4, marketplace §2)
  trips: '/web-view/trips',
  myTrips: '/web-view/my-trips',
  tripDetails: '/web-view/marketplace/trips/details/:tripId',
  tripDetailsV2: '/web-view/marketplace/trips/details/v2/:tripId',
  marketplaceActiveLoads: '/web-view/marketplace/active-loads',
  driverDetailsUpdate: '/app/caraxes/marketplace/driver-details-update',
  ticketsChat: '/app/caraxes/marketplace/tickets/chat',
  adminPods: '/portal/admin/pods',
  // operations desk (spec: fastag §2.1): /portal/workflow and its children
  workflowScheduled: '/portal/workflow/scheduled',
  workflowCollection: '/portal/workflow/collection/:code',
  workflowDocket: '/portal/workflow/docket/:code',
  // membership web views (spec: marketplace §2): ?source= and ?screen=&validity=
  subscriptionPage: '/app/caraxes/marketplace/subscription-page',
  subscriptionStatus: '/app/caraxes/marketplace/subscription-status',
  // support area (spec: fastag §2.4; the survey and rate-card pages and the desk are ours, ADR 120)
  tickets: '/web-view/tickets',
  ratingStory: '/web-view/rating-story',
  referralEarn: '/web-view/referral/earn',
  referralJoin: '/web-view/referral/join',
  survey: '/web-view/survey',
  rateCards: '/web-view/rate-cards',
  adminSupport: '/portal/admin/support',
  adminSurveys: '/portal/admin/surveys',
  adminRateCards: '/portal/admin/rate-cards',
  // account (issue 13): profile, TDS declaration, onboarding web views; settings and places in the portal; public policies
  operatorProfile: '/web-view/operatorProfile',
  operatorTdsDeclaration: '/web-view/operator-tds-declaration',
  onboardingOperator: '/web-view/onboarding-operator/:id',
  accountSettings: '/portal/settings',
  accountPlaces: '/portal/places',
  publicPolicy: '/public/policies/:type',
  damageShortagePolicy: '/app/caraxes/public/policies/fo/damage-shortage-policy',
} as const;

export type MenuType = 'OPERATOR' | 'CONSIGNER' | 'ADMIN';

/** Where a freshly logged-in user lands. */
export function homeFor(menuType: MenuType | undefined): string {
  if (menuType === 'CONSIGNER') return paths.consignerVehicles;
  return paths.home;
}

/** Fills a path pattern's :params: pathWith(paths.activeLoadDetails, { demandId }) */
export function pathWith(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
