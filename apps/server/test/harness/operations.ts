import type {
  actionWindowSchema,
  collectionsResponseSchema,
  consignerFiltersResponseSchema,
  consignerVehiclesResponseSchema,
  consignmentSchema,
  currentLocationResponseSchema,
  deleteConsignmentResponseSchema,
  demandDocumentsResponseSchema,
  docketResponseSchema,
  invoiceUploadUrlResponseSchema,
  itineraryResponseSchema,
  mapDataResponseSchema,
  pathDetailResponseSchema,
  reportFileResponseSchema,
  reportRequestSchema,
  reportRequestsResponseSchema,
  scheduledCountsResponseSchema,
  scheduledResponseSchema,
} from '@bhada/contracts/operations/operations';
import { type Out, query, type Send } from './index.ts';

type Q = Record<string, string | number | undefined>;

/**
 * The operations desk (issue 15): consignments, dockets, collections, scheduled vehicles and the
 * consigner's vehicles and reports, typed by the operations contract. Request bodies stay loose so a
 * test can send what the contract refuses.
 */
export function operationsClient(send: Send) {
  return {
    consignment: (cId: string) => send<Out<typeof consignmentSchema>>('GET', `/api/admin/consignment/get${query({ cId })}`),
    saveConsignment: (body: object) => send<Out<typeof consignmentSchema>>('POST', '/api/admin/consignment/update', body),
    deleteConsignment: (cId: string) =>
      send<Out<typeof deleteConsignmentResponseSchema>>('GET', `/api/admin/consignment/delete${query({ cId })}`),
    docket: (cCode: string) => send<Out<typeof docketResponseSchema>>('GET', `/api/consignment/getDocket${query({ cCode })}`),
    saveDocket: (body: object) => send<Out<typeof docketResponseSchema>>('POST', '/api/consignment/saveDocket', body),
    deleteDocket: (cCode: string) => send<{ cCode: string }>('DELETE', `/api/consignment/deleteDocket${query({ cCode })}`),
    deleteInvoice: (invoiceId: string) => send<{ invoiceId: string }>('DELETE', `/api/consignment/deleteInvoice${query({ invoiceId })}`),
    invoiceUploadUrl: (body: { cCode: string; fileName: string }) =>
      send<Out<typeof invoiceUploadUrlResponseSchema>>('POST', '/api/consignment/invoice/upload-url', body),
    actionWindow: (cCode: string) => send<Out<typeof actionWindowSchema>>('GET', `/api/consignment/validateActionTime${query({ cCode })}`),
    /** a collection is money: the caller names its idempotency key (none to see the refusal) */
    collect: (body: object, key?: string) =>
      send<Out<typeof collectionsResponseSchema>>('POST', '/api/trips/collection', body, key ? { 'idempotency-key': key } : undefined),
    driverUpdate: (body: object) => send<Out<typeof consignmentSchema>>('POST', '/api/driver/updateConsignment', body),
    scheduled: (q: Q = {}) => send<Out<typeof scheduledResponseSchema>>('GET', `/api/vehicle/scheduled${query(q)}`),
    scheduledCounts: () => send<Out<typeof scheduledCountsResponseSchema>>('GET', '/api/vehicle/scheduledCounts'),
    scheduleMap: (zoom: number) =>
      send<Out<typeof mapDataResponseSchema>>('GET', `/api/vehicle/aggregatedMapDataForSchedule${query({ zoom })}`),
    currentLocation: (id: string) =>
      send<Out<typeof currentLocationResponseSchema>>('GET', `/api/vehicle/getCurrentLocation${query({ id })}`),
    path: (id: string) => send<Out<typeof pathDetailResponseSchema>>('GET', `/api/vehicle/getPathDetail${query({ id })}`),
    itinerary: (id: string) => send<Out<typeof itineraryResponseSchema>>('GET', `/api/vehicle/getItinerary${query({ id })}`),
    consignerVehicles: (q: Q = {}) =>
      send<Out<typeof consignerVehiclesResponseSchema>>('GET', `/api/vehicle/getConsignerVehicles${query(q)}`),
    consignerFilters: () => send<Out<typeof consignerFiltersResponseSchema>>('GET', '/api/vehicle/getFilters'),
    demandDocuments: (demandId: string) =>
      send<Out<typeof demandDocumentsResponseSchema>>('GET', `/api/consigner/demand/${demandId}/document`),
    requestReport: (q: Q = {}) => send<Out<typeof reportRequestSchema>>('GET', `/api/data/getVehicleByOperatorReport${query(q)}`),
    reports: () => send<Out<typeof reportRequestsResponseSchema>>('GET', '/api/consigner/reports'),
    reportFile: (requestId: string) => send<Out<typeof reportFileResponseSchema>>('GET', `/api/consigner/report/${requestId}/file`),
  };
}
