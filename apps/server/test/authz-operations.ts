/**
 * Who may call the operations calls (ADR 130), merged into the authorisation matrix: the desk's calls
 * are the admin kind's; the consigner's calls are any consigner's own (another consigner's demand is
 * not found).
 */
export const OPERATIONS_ACCESS = {
  'GET /api/vehicle/loadType': { access: { kind: 'admin' } },
  'GET /api/lanes/getLanes': { access: { kind: 'admin' } },
  'GET /api/admin/consignment/list': { access: { kind: 'admin' } },
  'GET /api/admin/consignment/get': { access: { kind: 'admin' } },
  'POST /api/admin/consignment/update': { access: { kind: 'admin' } },
  'GET /api/admin/consignment/delete': { access: { kind: 'admin' } },
  'GET /api/consignee/list': { access: { kind: 'admin' } },
  'GET /api/consignment/getDocket': { access: { kind: 'admin' } },
  'POST /api/consignment/saveDocket': { access: { kind: 'admin' } },
  'DELETE /api/consignment/deleteDocket': { access: { kind: 'admin' } },
  'DELETE /api/consignment/deleteInvoice': { access: { kind: 'admin' } },
  'POST /api/consignment/invoice/upload-url': { access: { kind: 'admin' } },
  'GET /api/consignment/docket-pdf': { access: { kind: 'admin' } },
  'GET /api/consignment/validateActionTime': { access: { kind: 'admin' } },
  'GET /api/trips/collection/enums': { access: { kind: 'admin' } },
  'GET /api/trips/collection': { access: { kind: 'admin' } },
  'POST /api/trips/collection': { access: { kind: 'admin' } },
  'GET /api/consignee/findConsigneeForConsignment': { access: { kind: 'admin' } },
  'POST /api/driver/updateConsignment': { access: { kind: 'admin' } },
  'GET /api/vehicle/scheduledFilter': { access: { kind: 'admin' } },
  'GET /api/vehicle/scheduledCounts': { access: { kind: 'admin' } },
  'GET /api/vehicle/scheduled': { access: { kind: 'admin' } },
  'GET /api/vehicle/aggregatedMapDataForSchedule': { access: { kind: 'admin' } },
  'GET /api/vehicle/getCurrentLocation': { access: { kind: 'admin' } },
  'GET /api/vehicle/getItinerary': { access: { kind: 'admin' } },
  'GET /api/vehicle/getPathDetail': { access: { kind: 'admin' } },
  'GET /api/vehicle/getConsignerVehicles': { access: { kind: 'consigner' } },
  'GET /api/vehicle/getFilters': { access: { kind: 'consigner' } },
  'GET /api/data/getVehicleByOperatorReport': { access: { kind: 'consigner' } },
  'GET /api/consigner/reports': { access: { kind: 'consigner' } },
  'GET /api/consigner/report/download': { access: { kind: 'consigner' } },
  'GET /api/consigner/report/{requestId}/file': { access: { kind: 'consigner' } },
  // the first demo consigner's trip demand: the other consigner asks for what is not its own
  'GET /api/consigner/demand/{code}/document': { access: { kind: 'poster', own: true }, params: { code: 'tripDemand' } },
} as const;

/** The operations tables a refused call may not change. */
export const OPERATIONS_GUARDED_TABLES = [
  'consignees',
  'consignments',
  'consignment_audit',
  'dockets',
  'docket_invoices',
  'collections',
  'scheduled_vehicles',
  'report_requests',
];
