import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { MAX_MOVEMENT_PAISA } from '../../money/amounts/index.ts';

/**
 * The operations desk and the consigner's own views (ADR 130): consignments with their docket (lorry
 * receipt), goods invoices and e-way bill, collections against a consignment, consignees, vehicles
 * scheduled for loading with their map, and the consigner's vehicles and mailed reports.
 * spec: marketplace §2, §3, §7 "Consigner vehicles", "Consignment admin", "Trucking docket and scheduling".
 */

export const OPERATIONS_ERRORS = errorCodes([
  /** a docket, invoice or delivery change after the action window closed (ADR 131) */
  'ACTION_WINDOW_CLOSED',
  /** a consignment that has collected money or whose vehicle has loaded cannot be deleted */
  'CONSIGNMENT_LOCKED',
]);

/** spec §8, exact where the spec has the text. */
export const OPERATIONS_MESSAGES = {
  consignmentFetchFailed: 'Error in fetching consignment data.',
  consignmentUpdated: 'Consignment updated successfully.',
  consignmentUpdateFailed: 'Error in updating consignment',
  consignmentDeleted: 'Consignment deleted successfully.',
  consignmentNotFound: 'Consignment not found',
  consignmentStale: 'This consignment was changed by someone else. Please reload.',
  deleteMoneyMoved: 'This consignment has collections recorded and cannot be deleted.',
  deleteTripStarted: 'The vehicle for this consignment has already loaded; it cannot be deleted.',
  docketUpdated: 'Docket updated successfully',
  docketDeleted: 'Docket deleted successfully',
  invoiceDeleted: 'Invoice deleted successfully',
  docketNotFound: 'Docket not found',
  invoiceNotFound: 'Invoice not found',
  docketNumberTaken: 'This docket number is already used by another consignment',
  windowClosed: (closedAt: string) => `The time to change this consignment ended on ${closedAt}.`,
  ewayBillInvalid: 'Enter a valid 12-digit e-way bill number',
  collectionUpdated: 'Collection updated successfully',
  collectionNotFound: 'Collection not found',
  collectionKeyRequired: 'An idempotency-key header is required to record a collection',
  collectionExceedsBalance: (balance: string) => `Amount is more than the balance to collect (${balance})`,
  collectionFinal: 'This collection is already settled and cannot be changed',
  consigneeNotFound: 'No consignee recorded for this consignment',
  deliveryUpdated: 'Consignment updated successfully',
  deliveryOrder: 'Mark the vehicle reached before unloaded',
  vehiclesFetchFailed: 'Error in fetching consigner vehicles.',
  reportMailed: 'Report will be mailed to the email shortly.',
  emailRequired: 'Add an email address to receive the report',
  itineraryFailed: 'Error in fetching itinerary data.',
  pathFailed: 'Error in fetching path details.',
  locationFailed: 'Error in fetching current location.',
  scheduledNotFound: 'Scheduled vehicle not found',
} as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const isoDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time' });
const amount = (message = 'Invalid amount') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_MOVEMENT_PAISA, message);
export const pageParams = {
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });

// ---- lookups

export const LOAD_TYPES = ['FTL', 'PTL', 'CONTAINER', 'ODC', 'BULK', 'TANKER'] as const;
export const loadTypeSchema = z.enum(LOAD_TYPES, { error: 'Choose a load type' });
export type LoadType = z.infer<typeof loadTypeSchema>;
export const loadTypesResponseSchema = z.object({ loadTypes: z.array(z.object({ code: loadTypeSchema })) });

export const laneSchema = z.object({ code: z.string(), originCity: z.string(), destinationCity: z.string() });
export type Lane = z.infer<typeof laneSchema>;
export const lanesResponseSchema = z.object({ lanes: z.array(laneSchema) });

// ---- consignees

export const consigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
});
export type Consignee = z.infer<typeof consigneeSchema>;
export const cCodeQuerySchema = z.object({ cCode: text(40, 'cCode is required') });
export const consigneeListResponseSchema = z.object({ consignees: z.array(consigneeSchema) });

// ---- consignments

export const CONSIGNMENT_STATUSES = ['BOOKED', 'IN_TRANSIT', 'DELIVERED'] as const;
export const consignmentAuditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string(),
  at: z.string(),
  /** field → [before, after] for the fields that changed */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export const consignmentSchema = z.object({
  cId: z.string(),
  cCode: z.string(),
  tripId: z.string().nullable(),
  consignerCode: z.string(),
  consignerName: z.string(),
  consignee: consigneeSchema.nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  laneCode: z.string().nullable(),
  originCity: z.string(),
  destinationCity: z.string(),
  loadType: loadTypeSchema,
  material: z.string(),
  weightKg: z.number().int(),
  packages: z.number().int(),
  freightInPaisa: z.number().int(),
  status: z.enum(CONSIGNMENT_STATUSES),
  version: z.number().int(),
  deleted: z.boolean(),
  /** why delete is refused, or null when it is allowed */
  deleteBlockedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(consignmentAuditSchema),
});
export type Consignment = z.infer<typeof consignmentSchema>;
export const consignmentIdQuerySchema = z.object({ cId: text(40, 'cId is required') });
export const consignmentListQuerySchema = z.object({ ...pageParams, search: optionalText(40) });
export const consignmentListItemSchema = consignmentSchema.pick({
  cId: true,
  cCode: true,
  consignerName: true,
  originCity: true,
  destinationCity: true,
  status: true,
  freightInPaisa: true,
  updatedAt: true,
});
export const consignmentListResponseSchema = page(consignmentListItemSchema);

export const updateConsignmentRequestSchema = z.object({
  /** absent: staff create a consignment directly */
  cId: z.string().trim().min(1).max(40).optional(),
  /** the version the form was loaded at; a newer row answers 409 */
  version: z.number().int().min(1).optional(),
  consignerCode: text(40, 'Choose the consigner'),
  consigneeId: z.string().trim().max(40).nullable().optional(),
  tripId: z.string().trim().max(40).nullable().optional(),
  laneCode: z.string().trim().max(20).nullable().optional(),
  originCity: text(80, 'Enter the origin city'),
  destinationCity: text(80, 'Enter the destination city'),
  loadType: loadTypeSchema,
  material: text(120, 'Enter the material'),
  weightKg: z.coerce
    .number({ error: 'Enter the weight in kg' })
    .int('Enter the weight in kg')
    .min(1, 'Enter the weight in kg')
    .max(100_000, 'Weight is too high'),
  packages: z.coerce.number({ error: 'Enter the number of packages' }).int().min(0).max(100_000).default(0),
  freightInPaisa: z.coerce
    .number({ error: 'Invalid amount' })
    .int('Invalid amount')
    .min(0, 'Invalid amount')
    .max(MAX_MOVEMENT_PAISA, 'Invalid amount'),
});
export type UpdateConsignmentRequest = z.input<typeof updateConsignmentRequestSchema>;
export const deleteConsignmentResponseSchema = z.object({ cId: z.string(), deleted: z.literal(true) });

// ---- docket

/** e-way bills are 12 digits (GST rules); validity is shown as VALID, EXPIRING (within 24 h) or EXPIRED. */
export const ewayBillNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, OPERATIONS_MESSAGES.ewayBillInvalid);
export const EWAY_BILL_STATES = ['NONE', 'VALID', 'EXPIRING', 'EXPIRED'] as const;

export const actionWindowSchema = z.object({
  allowed: z.boolean(),
  /** when the window closes (24 h after unloading), null while the vehicle has not unloaded */
  closesAt: z.string().nullable(),
  message: z.string().nullable(),
});
export type ActionWindow = z.infer<typeof actionWindowSchema>;

export const docketInvoiceSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  valueInPaisa: z.number().int(),
  hasFile: z.boolean(),
  viewUrl: z.string().nullable(),
});
export const docketResponseSchema = z.object({
  cCode: z.string(),
  consignment: consignmentSchema.omit({ history: true }),
  docket: z
    .object({
      docketNumber: z.string(),
      docketDate: z.string(),
      ewayBillNumber: z.string().nullable(),
      ewayBillValidUntil: z.string().nullable(),
      ewayBillState: z.enum(EWAY_BILL_STATES),
      remarks: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  invoices: z.array(docketInvoiceSchema),
  totalInvoiceValueInPaisa: z.number().int(),
  actionWindow: actionWindowSchema,
});
export type DocketResponse = z.infer<typeof docketResponseSchema>;

export const docketInvoiceInputSchema = z.object({
  invoiceId: z.string().trim().max(40).optional(),
  invoiceNumber: text(40, 'Enter the invoice number'),
  invoiceDate: isoDate,
  valueInPaisa: amount('Enter the invoice value'),
  /** the key an invoice upload-url gave; the file is checked when the docket is saved */
  fileKey: z.string().trim().max(200).optional(),
});
export const saveDocketRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  docketNumber: text(30, 'Enter the docket number'),
  docketDate: isoDate,
  ewayBillNumber: ewayBillNumberSchema.nullable().optional(),
  ewayBillValidUntil: isoDateTime.nullable().optional(),
  remarks: optionalText(500),
  invoices: z.array(docketInvoiceInputSchema).max(50).default([]),
});
export type SaveDocketRequest = z.input<typeof saveDocketRequestSchema>;
export const deleteInvoiceQuerySchema = z.object({ invoiceId: text(40, 'invoiceId is required') });
export const invoiceUploadUrlRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  fileName: text(120, 'Choose a file'),
});
export const invoiceUploadUrlResponseSchema = z.object({ uploadUrl: z.string(), fileKey: z.string() });
export const validateActionTimeResponseSchema = actionWindowSchema;

// ---- collections

export const COLLECTION_TYPES = ['TO_PAY', 'ADVANCE', 'DETENTION'] as const;
export const COLLECTION_MODES = ['CASH', 'UPI', 'CHEQUE', 'BANK_TRANSFER'] as const;
export const COLLECTION_STATUSES = ['PENDING', 'COLLECTED', 'FAILED'] as const;
export const collectionEnumsResponseSchema = z.object({
  types: z.array(z.enum(COLLECTION_TYPES)),
  modes: z.array(z.enum(COLLECTION_MODES)),
  statuses: z.array(z.enum(COLLECTION_STATUSES)),
});
export const collectionSchema = z.object({
  collectionId: z.string(),
  type: z.enum(COLLECTION_TYPES),
  mode: z.enum(COLLECTION_MODES),
  amountInPaisa: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(COLLECTION_STATUSES),
  entryId: z.string().nullable(),
  collectedBy: z.string(),
  collectedAt: z.string(),
});
export const collectionQuerySchema = z.object({ code: text(40, 'code is required') });
export const collectionsResponseSchema = z.object({
  cCode: z.string(),
  freightInPaisa: z.number().int(),
  /** collected against the freight (to-pay and advance) */
  collectedInPaisa: z.number().int(),
  detentionCollectedInPaisa: z.number().int(),
  pendingInPaisa: z.number().int(),
  balanceInPaisa: z.number().int(),
  collections: z.array(collectionSchema),
  actionWindow: actionWindowSchema,
});
export type CollectionsResponse = z.infer<typeof collectionsResponseSchema>;
export const createCollectionRequestSchema = z
  .object({
    code: text(40, 'code is required'),
    /** set to settle an earlier PENDING collection (a cheque clears or bounces) */
    collectionId: z.string().trim().max(40).optional(),
    type: z.enum(COLLECTION_TYPES, { error: 'Choose the collection type' }),
    mode: z.enum(COLLECTION_MODES, { error: 'Choose the mode' }),
    amountInPaisa: amount(),
    reference: optionalText(60),
    status: z.enum(COLLECTION_STATUSES, { error: 'Choose the status' }),
  })
  .refine((c) => c.mode === 'CASH' || Boolean(c.reference), {
    message: 'Enter the reference (UTR, UPI or cheque number)',
    path: ['reference'],
  });
export type CreateCollectionRequest = z.input<typeof createCollectionRequestSchema>;

// ---- delivery (driver side)

export const driverUpdateConsignmentRequestSchema = z.object({
  cCode: text(40, 'cCode is required'),
  status: z.enum(['REACHED', 'UNLOADED'], { error: 'Choose reached or unloaded' }),
  time: isoDateTime,
  remarks: optionalText(500),
});

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
  status: z.enum(['BUILDING', 'MAILED', 'FAILED']),
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

// ---- scheduled vehicles

export const SCHEDULE_STATES = ['SCHEDULED', 'REPORTED', 'LOADED', 'IN_TRANSIT', 'REACHED', 'UNLOADED'] as const;
export const scheduleStateSchema = z.enum(SCHEDULE_STATES);
export type ScheduleState = z.infer<typeof scheduleStateSchema>;
export const scheduleFilterQuerySchema = z.object({
  date: isoDate.optional(),
  laneCode: z.string().trim().max(20).optional(),
  consignerCode: z.string().trim().max(40).optional(),
  operatorId: z.string().trim().max(40).optional(),
  state: scheduleStateSchema.optional(),
});
export type ScheduleFilter = z.infer<typeof scheduleFilterQuerySchema>;
export const scheduledQuerySchema = scheduleFilterQuerySchema.extend(pageParams);
export const scheduledVehicleSchema = z.object({
  id: z.string(),
  cCode: z.string(),
  vehicleNumber: z.string(),
  operatorName: z.string().nullable(),
  consignerName: z.string(),
  laneCode: z.string().nullable(),
  originCity: z.string(),
  destinationCity: z.string(),
  state: scheduleStateSchema,
  scheduledAt: z.string(),
  eta: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  positionAt: z.string().nullable(),
  /** past its ETA and not yet reached */
  delayed: z.boolean(),
});
export type ScheduledVehicle = z.infer<typeof scheduledVehicleSchema>;
export const scheduledResponseSchema = page(scheduledVehicleSchema);
export const scheduledCountsResponseSchema = z.object({
  counts: z.record(scheduleStateSchema, z.number().int()),
  total: z.number().int(),
});
export const scheduledFilterResponseSchema = z.object({
  states: z.array(scheduleStateSchema),
  lanes: z.array(laneSchema),
  consigners: z.array(z.object({ code: z.string(), name: z.string() })),
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const mapQuerySchema = scheduleFilterQuerySchema.extend({
  zoom: z.coerce.number().int().min(1).max(20).default(5),
  /** south,west,north,east */
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox is south,west,north,east')
    .optional(),
});
export const mapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** set when the cluster is one vehicle */
  id: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  state: scheduleStateSchema.nullable(),
});
export const mapDataResponseSchema = z.object({ clusters: z.array(mapClusterSchema), total: z.number().int(), cellDegrees: z.number() });
export const scheduledIdQuerySchema = z.object({ id: text(40, 'id is required') });
export const currentLocationResponseSchema = z.object({
  id: z.string(),
  vehicleNumber: z.string(),
  lat: z.number(),
  lng: z.number(),
  at: z.string().nullable(),
  speedKmph: z.number().nullable(),
  source: z.enum(['TRACKING', 'SCHEDULE']),
});
export const itineraryResponseSchema = z.object({
  id: z.string(),
  vehicleNumber: z.string(),
  state: scheduleStateSchema,
  stops: z.array(
    z.object({
      kind: z.enum(['LOADING', 'UNLOADING']),
      name: z.string(),
      city: z.string(),
      plannedAt: z.string().nullable(),
      actualAt: z.string().nullable(),
      /** minutes late against the plan (actual, or now while still pending); 0 when on time */
      delayMinutes: z.number().int(),
    }),
  ),
});
export const pathDetailResponseSchema = z.object({
  id: z.string(),
  points: z.array(z.object({ lat: z.number(), lng: z.number(), at: z.string() })),
  distanceKm: z.number(),
});
