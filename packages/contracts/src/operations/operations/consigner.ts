import { z } from 'zod';
import { isoDate, page, pageParams } from './schemas.ts';

/** The consigner's own vehicles and mailed reports. */
// ---- consigner vehicles and reports

export const consignerVehiclesQuerySchema = z.object({
  ...pageParams,
  state: z.string().trim().max(30).optional(),
  laneCode: z.string().trim().max(20).optional(),
  operatorId: z.string().trim().max(40).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});
export const consignerVehicleSchema = z.object({
  vNo: z.string(),
  vId: z.string(),
  operatorId: z.string(),
  operatorName: z.string(),
  tripId: z.string(),
  tripState: z.string(),
  originCity: z.string(),
  destinationCity: z.string(),
  tripCount: z.number().int(),
  lastLocation: z.object({ lat: z.number(), lng: z.number(), city: z.string().nullable(), at: z.string().nullable() }).nullable(),
  lastTripAt: z.string(),
});
export type ConsignerVehicle = z.infer<typeof consignerVehicleSchema>;
export const consignerVehiclesResponseSchema = page(consignerVehicleSchema);
export const consignerFiltersResponseSchema = z.object({
  states: z.array(z.string()),
  lanes: z.array(z.object({ code: z.string(), label: z.string() })),
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const REPORT_TYPES = ['VEHICLE_BY_OPERATOR', 'TRIPS', 'PAYMENTS', 'TDS'] as const;
export const reportQuerySchema = z.object({
  reportType: z.enum(REPORT_TYPES).default('VEHICLE_BY_OPERATOR'),
  email: z.email({ error: 'Enter a valid email address' }).max(120).optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});
export const reportRequestSchema = z.object({
  requestId: z.string(),
  reportType: z.string(),
  email: z.string(),
  /** MAIL_RETRYING: built and downloadable, its mail to be tried again; MAIL_FAILED: built, the mail given up */
  status: z.enum(['BUILDING', 'MAILED', 'FAILED', 'MAIL_RETRYING', 'MAIL_FAILED']),
  rowCount: z.number().int(),
  createdAt: z.string(),
  /** the built workbook can be downloaded (GET /api/consigner/report/{requestId}/file) */
  fileReady: z.boolean(),
});
export const reportFileResponseSchema = z.object({ url: z.string(), fileName: z.string() });
export const reportRequestsResponseSchema = z.object({ list: z.array(reportRequestSchema) });

export const DEMAND_DOCUMENT_TYPES = ['DOCKET', 'INVOICE', 'EWAY_BILL', 'POD', 'BILTI'] as const;
export const demandDocumentsResponseSchema = z.object({
  demandId: z.string(),
  tripId: z.string().nullable(),
  documents: z.array(
    z.object({
      type: z.enum(DEMAND_DOCUMENT_TYPES),
      number: z.string().nullable(),
      date: z.string().nullable(),
      valueInPaisa: z.number().int().nullable(),
      viewUrl: z.string().nullable(),
    }),
  ),
});
