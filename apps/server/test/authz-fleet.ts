/**
 * Fleet (issue 12) entries of the authorisation matrix: who may call each fleet operation. `own` marks an
 * operation whose path or query names one operator's resource (tenant A's vehicle fills `vehicle`; ids
 * without a fixture are unknown, so another operator gets 404 either way — the fleet tests call them with
 * another operator's real ids).
 */
type FleetEntry = {
  access: { kind: 'operator'; own?: boolean } | { kind: 'user' } | { kind: 'admin' };
  params?: Record<string, 'vehicle'>;
  query?: Record<string, string>;
};

const shared: FleetEntry = { access: { kind: 'operator' } };
const own = (params?: Record<string, 'vehicle'>, query?: Record<string, string>): FleetEntry => ({
  access: { kind: 'operator', own: true },
  params,
  query,
});
const admin: FleetEntry = { access: { kind: 'admin' } };
const v1 = '/api/rest/tesseract/v1';

export const FLEET_ACCESS: Record<string, FleetEntry> = {
  [`GET ${v1}/operator/vehicles`]: shared,
  [`POST ${v1}/operator/vehicles`]: shared,
  [`PATCH ${v1}/operator/vehicles`]: shared,
  [`PUT ${v1}/operator/update-vehicle`]: shared,
  [`GET ${v1}/operator/vehicles/search`]: shared,
  [`GET ${v1}/operator/vehicles/list`]: shared,
  [`GET ${v1}/vehicle`]: own(undefined, { vehicleId: 'vehicle' }),
  [`GET ${v1}/vehicle/lookup/{kind}`]: { access: { kind: 'user' } },
  [`GET ${v1}/operator/vehicle/document/upload-url`]: own(undefined, { vehicleId: 'vehicle', fileName: 'rc.jpg', docType: 'RC_FRONT' }),
  [`GET ${v1}/operator/vehicle/document/view-url`]: own(undefined, { vehicleId: 'vehicle', docType: 'RC_FRONT' }),
  [`GET ${v1}/operator/profile/document/upload-url`]: shared,
  [`POST ${v1}/operator/profile/document`]: shared,
  [`GET ${v1}/operator/profile/documents`]: shared,
  [`GET ${v1}/operator/document/view-url/{id}`]: own(),
  'GET /api/admin/fleet/documents': admin,
  'POST /api/admin/fleet/documents/{id}/verify': admin,
  'POST /api/admin/fleet/documents/{id}/reject': admin,
  'GET /api/fleet/drivers': shared,
  'POST /api/fleet/drivers': shared,
  'PUT /api/fleet/drivers/{id}': own(),
  'DELETE /api/fleet/drivers/{id}': own(),
  [`GET ${v1}/gps/order-info`]: shared,
  [`GET ${v1}/vehicle/{id}/gps-eligibility`]: own({ id: 'vehicle' }),
  [`POST ${v1}/vehicle/{id}/install-gps`]: own({ id: 'vehicle' }),
  'GET /api/fleet/map': shared,
  'GET /api/fleet/map/{id}': own({ id: 'vehicle' }),
  'GET /api/admin/fleet/gps-orders': admin,
  'POST /api/admin/fleet/gps-orders/{id}/move': admin,
  // maintenance (ADR 101)
  'GET /api/fleet/maintenance': shared,
  'POST /api/fleet/maintenance/reminders': shared,
  'POST /api/fleet/maintenance/reminders/{id}/done': own(),
  // trips report (ADR 102)
  'GET /api/fleet/reports/trips': { access: { kind: 'operator' }, query: { fromDate: '2026-01-01', toDate: '2026-01-31', format: 'xlsx' } },
};

/** Fleet tables a refused call may not change either. */
export const FLEET_TABLES = ['fleet_documents', 'gps_orders', 'vehicle_lookups', 'maintenance_reminders'];
