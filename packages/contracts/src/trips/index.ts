import { z } from 'zod';
import { indianMobileSchema } from '../common/index.ts';

/**
 * Trip states (ADR 030). The happy path runs top to bottom; POD_REJECTED goes back to
 * POD_SUBMITTED on re-upload; CANCELLED is reachable only before the truck is loaded.
 */
export const TRIP_STATES = [
  'ASSIGNED',
  'REACHED_LOADING',
  'LOADED',
  'IN_TRANSIT',
  'REACHED_UNLOADING',
  'UNLOADED',
  'POD_SUBMITTED',
  'POD_REJECTED',
  'POD_VERIFIED',
  'COMPLETED',
  'CANCELLED',
] as const;
export const tripStateSchema = z.enum(TRIP_STATES);
export type TripState = z.infer<typeof tripStateSchema>;

/** Who may move an edge: the operator (with or without the other party's OTP), or the admin. */
export type EdgeActor = 'OPERATOR' | 'OPERATOR_OTP' | 'ADMIN' | 'SYSTEM';
export const TRIP_EDGES: ReadonlyArray<{ from: TripState; to: TripState; by: EdgeActor }> = [
  { from: 'ASSIGNED', to: 'REACHED_LOADING', by: 'OPERATOR' },
  { from: 'REACHED_LOADING', to: 'LOADED', by: 'OPERATOR_OTP' },
  { from: 'LOADED', to: 'IN_TRANSIT', by: 'OPERATOR' },
  { from: 'IN_TRANSIT', to: 'REACHED_UNLOADING', by: 'OPERATOR' },
  { from: 'REACHED_UNLOADING', to: 'UNLOADED', by: 'OPERATOR_OTP' },
  { from: 'UNLOADED', to: 'POD_SUBMITTED', by: 'OPERATOR' },
  { from: 'POD_REJECTED', to: 'POD_SUBMITTED', by: 'OPERATOR' },
  { from: 'POD_SUBMITTED', to: 'POD_VERIFIED', by: 'ADMIN' },
  { from: 'POD_SUBMITTED', to: 'POD_REJECTED', by: 'ADMIN' },
  { from: 'POD_VERIFIED', to: 'COMPLETED', by: 'SYSTEM' },
  { from: 'ASSIGNED', to: 'CANCELLED', by: 'OPERATOR' },
  { from: 'REACHED_LOADING', to: 'CANCELLED', by: 'OPERATOR' },
];

/** States in which the truck is on the job (tracking, delays, alerts make sense). */
export const ACTIVE_TRIP_STATES: readonly TripState[] = ['ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING'];
/** States in which the vehicle can still be replaced or the trip cancelled. */
export const PRE_LOADING_STATES: readonly TripState[] = ['ASSIGNED', 'REACHED_LOADING'];
/**
 * A vehicle is busy while one of its trips is in these states: once unloaded the truck is free for a new
 * load (the POD is paperwork) — the one rule for the token screen's vehicle list and for replacing a
 * trip's vehicle.
 */
export const VEHICLE_BUSY_STATES: readonly TripState[] = ACTIVE_TRIP_STATES;

/** The stages that need the other party's code, and the state each needs. */
export const OTP_STAGES = ['LOADING', 'UNLOADING'] as const;
export const otpStageSchema = z.enum(OTP_STAGES);
export type OtpStage = z.infer<typeof otpStageSchema>;
export const OTP_STAGE_RULES: Record<OtpStage, { from: TripState; to: TripState }> = {
  LOADING: { from: 'REACHED_LOADING', to: 'LOADED' },
  UNLOADING: { from: 'REACHED_UNLOADING', to: 'UNLOADED' },
};
export const TRIP_OTP_TTL_SECONDS = 600;
export const TRIP_OTP_MAX_TRIES = 5;
/** codes sent per trip and stage in TRIP_OTP_SEND_WINDOW_SECONDS */
export const TRIP_OTP_MAX_SENDS = 5;
export const TRIP_OTP_SEND_WINDOW_SECONDS = 900;

/** Share of (agreed price − token) paid as advance once the truck is loaded (ADR 032). */
export const ADVANCE_PERCENT = 70;

export const TRIPS_ERRORS = {
  /** the stage or target state does not fit the trip's current state */
  TRIP_STAGE_MISMATCH: 'TRIP_STAGE_MISMATCH',
  /** advance-state asked for an edge that needs the other party's OTP */
  TRIP_OTP_REQUIRED: 'TRIP_OTP_REQUIRED',
  /** the stage code is wrong, expired or used */
  TRIP_OTP_INVALID: 'TRIP_OTP_INVALID',
  /** five wrong tries on one code, or too many codes asked */
  TRIP_OTP_LIMIT: 'TRIP_OTP_LIMIT',
  /** the slot is outside the bookable windows */
  SLOT_INVALID: 'SLOT_INVALID',
  /** another trip booked the same window at the same point */
  SLOT_TAKEN: 'SLOT_TAKEN',
  /** cancel or replace after the truck was loaded */
  TRIP_NOT_CANCELLABLE: 'TRIP_NOT_CANCELLABLE',
  /** the replacement vehicle is on another running trip */
  VEHICLE_BUSY: 'VEHICLE_BUSY',
  /** a claim that is no longer open for edits */
  CHARGE_NOT_EDITABLE: 'CHARGE_NOT_EDITABLE',
  /** notify-consigner asked again within the quiet period */
  NOTIFY_TOO_SOON: 'NOTIFY_TOO_SOON',
} as const;

export const TRIPS_MESSAGES = {
  stageMismatch: (state: string, stage: string) => `This trip is ${state.replace(/_/g, ' ').toLowerCase()}; ${stage} cannot be done now`,
  otpRequired: 'This step needs the code sent to the consigner. Ask them for the OTP.',
  otpInvalid: 'The code is wrong or has expired. Please check it or ask for a new one.',
  otpLimit: 'Too many tries. Please ask for a new code later.',
  otpSent: 'OTP sent to the consigner contact',
  otpVerified: 'OTP verified',
  stateUpdated: 'Trip updated',
  remarksError: 'Error in updating remarks',
  reasonError: 'Error submitting reason. Please try again.',
  remarksUpdated: 'Remarks updated',
  slotInvalid: 'Choose one of the available slots',
  slotTaken: 'This slot was just booked by another truck. Please choose another.',
  slotBooked: 'Slot booked',
  notCancellable: 'The trip can no longer be cancelled or changed after loading',
  vehicleBusy: 'This vehicle is already on another trip',
  vehicleReplaced: 'Vehicle replaced',
  cancelled: 'Trip cancelled',
  chargeNotEditable: 'This claim was already decided and cannot be changed',
  chargeSubmitted: 'Successfully Submitted',
  invoiceGetError: 'Error in getting Invoice',
  invoiceUpdated: 'Invoice Updated SuccessFully',
  invoiceUpdateError: 'Error in updating Invoice',
  invoiceDeleted: 'Invoice deleted successfully',
  notifyTooSoon: 'The consigner was notified a few minutes ago. Please wait before notifying again.',
  consignerNotified: 'Consigner notified',
  alertRecorded: 'Alert recorded',
  feedbackSaved: 'Successfully Submitted',
  somethingWentWrong: 'Something went wrong',
} as const;

// ---------- shared shapes ----------

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

// ---------- OTP and stage moves ----------

/** without `otp` the code is sent to the point's contact; with `otp` it is verified and the trip moves */
export const tripOtpRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  stage: otpStageSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code')
    .optional(),
});
export type TripOtpRequest = z.infer<typeof tripOtpRequestSchema>;
export const tripOtpResponseSchema = z.object({
  sent: z.boolean(),
  verified: z.boolean(),
  /** masked phone the code went to */
  sentTo: z.string().nullable(),
  expiresInSeconds: z.number().int().nullable(),
  widget: stateChangeWidgetSchema.nullable(),
});

export const advanceStateRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  toState: tripStateSchema,
  /** the state the client showed; a different current state answers 409 so the client reloads */
  currentState: tripStateSchema.optional(),
});
export type AdvanceStateRequest = z.infer<typeof advanceStateRequestSchema>;
export const advanceStateViewRequestSchema = z.object({ tripId: z.string().min(1).max(40) });

export const stateChangeAlertRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  state: tripStateSchema,
  alertType: z.string().trim().min(1).max(40).default('STATE_CHANGE'),
  message: z.string().trim().max(500).optional(),
});
export const alertRefSchema = z.object({ alertId: z.string() });

export const feedbackActionRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  action: z.string().trim().min(1, 'action is required').max(40),
  rating: z.number().int().min(1).max(5).optional(),
  comment: z.string().trim().max(1000).optional(),
});

/** spec §3 session variables: tripId, referenceId, actionType */
export const chatVariablesRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  referenceId: z.string().trim().max(80).optional(),
  actionType: z.string().trim().min(1, 'actionType is required').max(40),
});

// ---------- reasons, slots, delays ----------

export const REASON_ACTIONS = ['CANCEL', 'REPLACE_VEHICLE', 'DELAY', 'REMARK'] as const;
export const reasonActionSchema = z.enum(REASON_ACTIONS);
export type ReasonAction = z.infer<typeof reasonActionSchema>;

export const REASONS: Record<ReasonAction, ReadonlyArray<{ code: string; label: string; labelHi: string }>> = {
  CANCEL: [
    { code: 'VEHICLE_BREAKDOWN', label: 'Vehicle broke down', labelHi: 'गाड़ी खराब हो गई' },
    { code: 'DRIVER_UNAVAILABLE', label: 'Driver not available', labelHi: 'ड्राइवर उपलब्ध नहीं' },
    { code: 'RATE_ISSUE', label: 'Rate not workable', labelHi: 'रेट नहीं जम रहा' },
    { code: 'LOAD_NOT_READY', label: 'Load not ready at loading point', labelHi: 'लोडिंग पॉइंट पर माल तैयार नहीं' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  REPLACE_VEHICLE: [
    { code: 'VEHICLE_BREAKDOWN', label: 'Vehicle broke down', labelHi: 'गाड़ी खराब हो गई' },
    { code: 'SIZE_MISMATCH', label: 'Vehicle size does not fit the load', labelHi: 'गाड़ी का साइज़ माल के लायक नहीं' },
    { code: 'DRIVER_UNAVAILABLE', label: 'Driver not available', labelHi: 'ड्राइवर उपलब्ध नहीं' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  DELAY: [
    { code: 'TRAFFIC', label: 'Traffic jam', labelHi: 'ट्रैफिक जाम' },
    { code: 'BREAKDOWN', label: 'Breakdown on the way', labelHi: 'रास्ते में गाड़ी खराब' },
    { code: 'WAITING_AT_POINT', label: 'Waiting at loading/unloading point', labelHi: 'लोडिंग/अनलोडिंग पॉइंट पर इंतज़ार' },
    { code: 'DOCUMENTS', label: 'Documents pending', labelHi: 'कागज़ात बाकी' },
    { code: 'WEATHER', label: 'Bad weather', labelHi: 'खराब मौसम' },
    { code: 'OTHER', label: 'Other', labelHi: 'अन्य' },
  ],
  REMARK: [
    { code: 'GENERAL', label: 'General remark', labelHi: 'सामान्य टिप्पणी' },
    { code: 'SHORTAGE', label: 'Shortage reported', labelHi: 'माल कम बताया गया' },
    { code: 'DAMAGE', label: 'Damage reported', labelHi: 'माल खराब बताया गया' },
  ],
};

export const reasonsQuerySchema = z.object({ action: reasonActionSchema });
export const reasonSchema = z.object({ code: z.string(), label: z.string(), labelHi: z.string() });
export const reasonsResponseSchema = z.object({ action: reasonActionSchema, heading: z.string(), reasons: z.array(reasonSchema) });

export const slotLocationSchema = z.enum(['LOADING', 'UNLOADING']);
export const slotQuerySchema = z.object({ location: slotLocationSchema.default('LOADING') });
export const slotWindowSchema = z.object({ start: z.string(), end: z.string(), available: z.boolean(), selected: z.boolean() });
export const slotResponseSchema = z.object({
  location: slotLocationSchema,
  pointName: z.string(),
  selected: slotSchema.nullable(),
  windows: z.array(slotWindowSchema),
});
export type SlotResponse = z.infer<typeof slotResponseSchema>;
export const bookSlotRequestSchema = z.object({
  location: slotLocationSchema.default('LOADING'),
  start: z.iso.datetime({ offset: true, error: 'Choose one of the available slots' }),
});
export const loadingSlotRequestSchema = z.object({ start: z.iso.datetime({ offset: true, error: 'Choose one of the available slots' }) });
/** bookable windows: 2 hours each, 06:00–22:00 India time, today and the next 2 days */
export const SLOT_HOURS = 2;
export const SLOT_FIRST_HOUR_IST = 6;
export const SLOT_LAST_HOUR_IST = 22;
export const SLOT_DAYS = 3;

export const DELAY_TYPES = ['LOADING', 'TRANSIT', 'UNLOADING'] as const;
export const delayTypeSchema = z.enum(DELAY_TYPES);
export const delayQuerySchema = z.object({ type: delayTypeSchema.default('TRANSIT') });
/** spec §3 Trip remarks: reasons, heading, slots, infoWidget */
export const delayResponseSchema = z.object({
  type: delayTypeSchema,
  heading: z.string(),
  reasons: z.array(reasonSchema),
  slots: z.array(slotWindowSchema),
  infoWidget: z.object({ title: z.string(), description: z.string() }).nullable(),
  reported: z.array(delayReportSchema),
});
export const updateDelayRequestSchema = z.object({
  type: delayTypeSchema,
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
  remarks: z.string().trim().max(500).optional(),
  expectedAt: z.iso.datetime({ offset: true }).optional(),
});

// ---------- money ----------

export const tripTransactionSchema = z.object({
  kind: z.enum(['TOKEN', 'ADVANCE', 'BALANCE', 'TOKEN_RELEASE', 'TOKEN_REFUND', 'TOKEN_FORFEIT', 'CHARGE', 'DEDUCTION']),
  label: z.string(),
  amountInPaisa: z.number().int(),
  status: z.enum(['PAID', 'DUE', 'HELD', 'APPROVED', 'CLAIMED']),
  at: z.string().nullable(),
  entryId: z.string().nullable(),
});

/**
 * spec §2 trip-transactions: token, advance, balance, deductions. balance =
 * agreed − token − advance + approved charges − deductions (ADR 032); the token comes back from escrow.
 */
export const tripTransactionsResponseSchema = z.object({
  tripId: z.string(),
  agreedPriceInPaisa: z.number().int(),
  tokenInPaisa: z.number().int(),
  tokenHeldInPaisa: z.number().int(),
  advanceInPaisa: z.number().int(),
  advancePaid: z.boolean(),
  approvedChargesInPaisa: z.number().int(),
  deductionsInPaisa: z.number().int(),
  balanceInPaisa: z.number().int(),
  balancePaid: z.boolean(),
  totalPayableInPaisa: z.number().int(),
  paidInPaisa: z.number().int(),
  transactions: z.array(tripTransactionSchema),
});
export type TripTransactions = z.infer<typeof tripTransactionsResponseSchema>;

export const tripExpensesResponseSchema = z.object({
  tripId: z.string(),
  expenses: z.array(chargeSchema),
  summary: z.object({
    claimedInPaisa: z.number().int(),
    approvedInPaisa: z.number().int(),
    paidInPaisa: z.number().int(),
    rejectedInPaisa: z.number().int(),
  }),
});

export const EXPENSE_POLICIES: Record<
  ChargeType,
  { title: string; titleHi: string; rules: string[]; rulesHi: string[]; maxInPaisa: number }
> = {
  DETENTION: {
    title: 'Detention charges',
    titleHi: 'डिटेंशन चार्ज',
    rules: ['First 24 hours at a point are free', '₹1,500 per day after that, with gate-in and gate-out proof'],
    rulesHi: ['किसी पॉइंट पर पहले 24 घंटे मुफ़्त', 'उसके बाद ₹1,500 प्रतिदिन, गेट-इन और गेट-आउट के सबूत के साथ'],
    maxInPaisa: 1_500_000,
  },
  LOADING: {
    title: 'Loading charges',
    titleHi: 'लोडिंग चार्ज',
    rules: ['Only when the consigner asked the driver to arrange labour', 'Attach the labour receipt'],
    rulesHi: ['केवल तब जब कंसाइनर ने ड्राइवर से मज़दूर लगवाए हों', 'मज़दूरी की रसीद लगाएं'],
    maxInPaisa: 500_000,
  },
  UNLOADING: {
    title: 'Unloading charges',
    titleHi: 'अनलोडिंग चार्ज',
    rules: ['Only when the consignee asked the driver to arrange labour', 'Attach the labour receipt'],
    rulesHi: ['केवल तब जब माल लेने वाले ने ड्राइवर से मज़दूर लगवाए हों', 'मज़दूरी की रसीद लगाएं'],
    maxInPaisa: 500_000,
  },
  HALTING: {
    title: 'Halting charges',
    titleHi: 'हॉल्टिंग चार्ज',
    rules: ['For halts asked by the consigner on the way', '₹1,000 per night with proof'],
    rulesHi: ['रास्ते में कंसाइनर के कहने पर रुकने के लिए', 'सबूत के साथ ₹1,000 प्रति रात'],
    maxInPaisa: 1_000_000,
  },
  OTHER: {
    title: 'Other charges',
    titleHi: 'अन्य चार्ज',
    rules: ['Describe the charge and attach a receipt'],
    rulesHi: ['चार्ज का विवरण दें और रसीद लगाएं'],
    maxInPaisa: 500_000,
  },
};
export const policyExpensesQuerySchema = z.object({ type: chargeTypeSchema });
export const policyExpensesResponseSchema = z.object({
  type: chargeTypeSchema,
  title: z.string(),
  titleHi: z.string(),
  rules: z.array(z.string()),
  rulesHi: z.array(z.string()),
  maxInPaisa: z.number().int(),
});

/** spec §7: body type, tripExpenseId (the claim to change, when editing) */
export const chargeRequestSchema = z.object({
  type: chargeTypeSchema,
  tripExpenseId: z.string().max(40).optional(),
  amountInPaisa: z.number({ error: 'Invalid amount' }).int('Invalid amount').positive('Invalid amount'),
  description: z.string().trim().min(3, 'Describe the charge').max(500),
  documentKeys: z.array(z.string().max(300)).max(5).default([]),
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;
export const chargeRefSchema = z.object({ tripExpenseId: z.string() });

// ---------- invoice ----------

export const invoiceUploadUrlQuerySchema = z.object({ file: z.string().trim().min(1, 'file is required').max(120) });
export const uploadUrlResponseSchema = z.object({
  url: z.string(),
  filePath: z.string(),
  expiresInSeconds: z.number().int(),
  maxBytes: z.number().int(),
});
export const updateInvoiceRequestSchema = z.object({
  filePath: z.string().min(1).max(300),
  invoiceNumber: z.string().trim().max(40).optional(),
  amountInPaisa: z.number().int().positive('Invalid amount').optional(),
});
export const invoiceViewQuerySchema = z.object({ filePath: z.string().min(1).max(300) });
export const viewUrlResponseSchema = z.object({ url: z.string() });

// ---------- cancel and replace ----------

export const cancelConfirmationSchema = z.object({
  allowed: z.boolean(),
  tokenInPaisa: z.number().int(),
  refundInPaisa: z.number().int(),
  forfeitInPaisa: z.number().int(),
  message: z.string(),
});
export const cancelRequestSchema = z.object({
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
  remarks: z.string().trim().max(500).optional(),
});
export const cancelResponseSchema = z.object({ tripId: z.string(), state: tripStateSchema, refundInPaisa: z.number().int() });

export const replaceVehicleRequestSchema = z.object({
  tripId: z.string().min(1).max(40),
  vehicleId: z.string().min(1, 'Choose a vehicle').max(40),
  driverName: z.string().trim().min(2, 'Driver name is required').max(80),
  driverNumber: indianMobileSchema,
  reasonCode: z.string().trim().min(1, 'Choose a reason').max(40),
});
export const notifyConsignerRequestSchema = z.object({ message: z.string().trim().max(300).optional() });
export const NOTIFY_QUIET_SECONDS = 600;

export const biltiViewUrlsSchema = z.object({ urls: z.array(z.object({ resourceKey: z.string(), url: z.string() })) });

// ---------- admin ----------

export const adminTripsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: tripStateSchema.optional(),
});
export const verifyPodRequestSchema = z.object({
  deductions: z
    .array(z.object({ reason: z.string().trim().min(2).max(200), amountInPaisa: z.number().int().positive('Invalid amount') }))
    .max(10)
    .default([]),
});
export const rejectPodRequestSchema = z.object({ reason: z.string().trim().min(3, 'Give a reason').max(300) });
export const chargeDecisionRequestSchema = z.object({
  approve: z.boolean(),
  approvedAmountInPaisa: z.number().int().positive('Invalid amount').optional(),
  reason: z.string().trim().max(300).optional(),
});
export const chargeIdParamsSchema = z.object({ id: z.string().min(1).max(40), chargeId: z.string().min(1).max(40) });

/** Web routes of the trips area (fastag §2.4 web views). */
export const tripRoutes = {
  detailsV2: (tripId: string) => `/web-view/marketplace/trips/details/v2/${tripId}`,
  details: (tripId: string) => `/web-view/marketplace/trips/details/${tripId}`,
  activeLoads: '/web-view/marketplace/active-loads',
};
