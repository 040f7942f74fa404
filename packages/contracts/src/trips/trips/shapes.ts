import { z } from 'zod';
import { stageCheckSchema } from './geo-check.ts';
import { otpStageSchema, TRIP_STATES, type TripState, tripStateSchema } from './states.ts';

// The shapes the trips area's answers share (list rows, details, charges).

export const tripPointSchema = z.object({
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  contactName: z.string(),
  /** masked except the last 4 digits: the operator must not bypass the consigner's OTP */
  contactPhone: z.string(),
});

export const tripListItemSchema = z.object({
  tripId: z.string(),
  demandId: z.string(),
  state: tripStateSchema,
  originCity: z.string(),
  destinationCity: z.string(),
  vehicleId: z.string(),
  vehicleNumber: z.string().nullable(),
  driverName: z.string(),
  driverNumber: z.string(),
  consignerName: z.string().nullable(),
  agreedPriceInPaisa: z.number().int(),
  tokenAmountInPaisa: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TripListItem = z.infer<typeof tripListItemSchema>;

export const TRIP_FILTERS = [
  { key: 'ACTIVE', label: 'Active', labelHi: 'चालू', states: ['ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING'] },
  { key: 'POD_PENDING', label: 'POD pending', labelHi: 'POD बाकी', states: ['UNLOADED', 'POD_SUBMITTED', 'POD_REJECTED'] },
  { key: 'COMPLETED', label: 'Completed', labelHi: 'पूरी', states: ['POD_VERIFIED', 'COMPLETED'] },
  { key: 'CANCELLED', label: 'Cancelled', labelHi: 'रद्द', states: ['CANCELLED'] },
  { key: 'ALL', label: 'All', labelHi: 'सभी', states: [...TRIP_STATES] },
] as const satisfies ReadonlyArray<{ key: string; label: string; labelHi: string; states: readonly TripState[] }>;
export type TripFilterKey = (typeof TRIP_FILTERS)[number]['key'];
export const tripFilterKeySchema = z.enum(TRIP_FILTERS.map((f) => f.key) as [TripFilterKey, ...TripFilterKey[]]);

export const tripListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  filter: tripFilterKeySchema.default('ACTIVE'),
});
export type TripListQuery = z.infer<typeof tripListQuerySchema>;

/** spec marketplace §3: operator trip list is trips, pageNo, totalPageCount */
export const tripListResponseSchema = z.object({
  trips: z.array(tripListItemSchema),
  pageNo: z.number().int(),
  totalPageCount: z.number().int(),
  totalCount: z.number().int(),
});
export type TripListResponse = z.infer<typeof tripListResponseSchema>;

export const tripFilterSchema = z.object({
  key: tripFilterKeySchema,
  label: z.string(),
  labelHi: z.string(),
  selected: z.boolean(),
  count: z.number().int(),
});
export const tripFiltersResponseSchema = z.object({ filters: z.array(tripFilterSchema) });
export const tripFiltersQuerySchema = z.object({ selected: tripFilterKeySchema.optional() });

export const slotSchema = z.object({ start: z.string(), end: z.string() });

export const chargeStatusSchema = z.enum(['CLAIMED', 'APPROVED', 'REJECTED', 'PAID']);
export const CHARGE_TYPES = ['DETENTION', 'LOADING', 'UNLOADING', 'HALTING', 'OTHER'] as const;
export const chargeTypeSchema = z.enum(CHARGE_TYPES);
export type ChargeType = z.infer<typeof chargeTypeSchema>;

export const chargeSchema = z.object({
  tripExpenseId: z.string(),
  type: chargeTypeSchema,
  amountInPaisa: z.number().int(),
  approvedAmountInPaisa: z.number().int().nullable(),
  status: chargeStatusSchema,
  description: z.string(),
  documentKeys: z.array(z.string()),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const invoiceSchema = z.object({
  filePath: z.string(),
  invoiceNumber: z.string().nullable(),
  amountInPaisa: z.number().int().nullable(),
  uploadedAt: z.string(),
});

export const delayReportSchema = z.object({
  type: z.string(),
  reasonCode: z.string(),
  reason: z.string(),
  remarks: z.string().nullable(),
  expectedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** spec marketplace §3 Trip: tripId, state, remarks, slot, invoice, charges, delay reasons */
export const tripDetailSchema = tripListItemSchema.extend({
  remarks: z.string().nullable(),
  slot: z.object({ loading: slotSchema.nullable(), unloading: slotSchema.nullable() }),
  invoice: invoiceSchema.nullable(),
  charges: z.array(chargeSchema),
  delayReasons: z.array(delayReportSchema),
  loadingPoints: z.array(tripPointSchema),
  unloadingPoints: z.array(tripPointSchema),
  vehicleType: z.string().nullable(),
  cancelReason: z.string().nullable(),
  podRejectReason: z.string().nullable(),
  /** how each reached-point stage was checked against the truck's position, overrides with their reason (ADR 270) */
  stageChecks: z.array(stageCheckSchema).default([]),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

/** The state-change widget the operator app shows after a stage moves (spec §4 OTP). */
export const stateChangeWidgetSchema = z.object({
  tripId: z.string(),
  state: tripStateSchema,
  heading: z.string(),
  description: z.string(),
  /** the next step the operator can take, if any */
  nextAction: z
    .object({ toState: tripStateSchema, label: z.string(), requiresOtp: z.boolean(), otpStage: otpStageSchema.nullable() })
    .nullable(),
  redirectUrl: z.string().nullable(),
});
export type StateChangeWidget = z.infer<typeof stateChangeWidgetSchema>;

export const timelineStepSchema = z.object({
  state: tripStateSchema,
  label: z.string(),
  done: z.boolean(),
  current: z.boolean(),
  at: z.string().nullable(),
});

/** v2 details: the trip plus what the screen needs around it. */
export const tripDetailV2Schema = z.object({
  trip: tripDetailSchema,
  timeline: z.array(timelineStepSchema),
  widget: stateChangeWidgetSchema,
  actions: z.object({
    canCancel: z.boolean(),
    canReplaceVehicle: z.boolean(),
    canUploadPod: z.boolean(),
    canClaimCharges: z.boolean(),
    canUploadInvoice: z.boolean(),
    canTrack: z.boolean(),
  }),
});
export type TripDetailV2 = z.infer<typeof tripDetailV2Schema>;

export const tripIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
/** spec: `(demand-id or tripId)` */
export const tripRefQuerySchema = z
  .object({ 'demand-id': z.string().min(1).max(40).optional(), tripId: z.string().min(1).max(40).optional() })
  .refine((q) => q['demand-id'] || q.tripId, { message: 'tripId or demand-id is required' });
export type TripRefQuery = z.infer<typeof tripRefQuerySchema>;
export const demandIdQuerySchema = z.object({ 'demand-id': z.string().min(1).max(40) });
export const tripIdQuerySchema = z.object({ tripId: z.string().min(1).max(40) });

export const tripStateDetailSchema = z.object({
  tripId: z.string(),
  state: tripStateSchema,
  timeline: z.array(timelineStepSchema),
  events: z.array(
    z.object({ fromState: z.string().nullable(), toState: tripStateSchema, by: z.string(), note: z.string().nullable(), at: z.string() }),
  ),
});
