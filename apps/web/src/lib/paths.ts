/** Every URL of the portal, in one place (STYLE §12). */
export const paths = {
  root: '/',
  login: '/operatorlogin',
  home: '/portal/home',
  ums: '/portal/ums',
  umsAddUser: '/portal/ums/add-user',
  fastag: '/portal/fastag',
  payment: '/portal/payment',
  workflow: '/portal/workflow',
  consigner: '/portal/consigner',
  consignerVehicles: '/portal/consigner/vehicles',
  consignerTrips: '/portal/consigner/trips',
  consignerReports: '/portal/consigner/reports',
  // Not built yet in this portal; the spec's menu links them to older pages (spec: fastag §2.10).
  gpsDashboard: '/node/gps/dashboard',
  reports: '/node/reports',
  devices: '/node/devices',
  drivers: '/node/drivers',
  documents: '/node/documents',
  places: '/node/places',
  maintenance: '/node/maintenance',
  settings: '/node/settings',
  adminLoads: '/portal/admin/loads',
  adminConsignments: '/portal/update-consignment',
} as const;

export type MenuType = 'OPERATOR' | 'CONSIGNER' | 'ADMIN';

/** Where a freshly logged-in user lands. */
export function homeFor(menuType: MenuType | undefined): string {
  if (menuType === 'CONSIGNER') return paths.consignerVehicles;
  return paths.home;
}
