import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { indianMobileSchema } from '../../common/index.ts';

/**
 * A token's life (ADR 024): DRAFT (vehicle/driver chosen) → INITIATED (ready to pay) → PAID
 * (wallet debited into escrow, trip created) → CANCELLED (refunded per policy). Token calls that
 * take `{id}` take the demand id: a load has at most one token.
 */
export const TOKEN_STATUSES = ['DRAFT', 'INITIATED', 'PAID', 'CANCELLED'] as const;
export const tokenStatusSchema = z.enum(TOKEN_STATUSES);
export type TokenStatus = z.infer<typeof tokenStatusSchema>;

export const TOKENS_ERRORS = errorCodes([
  /** the load is not awarded to the caller's operator, or no longer waiting for a token */
  'TOKEN_NOT_PAYABLE',
  /** pay-token called before a vehicle and a driver were chosen */
  'TOKEN_DETAILS_MISSING',
  /** the chosen vehicle does not fit the load or is busy on another trip */
  'VEHICLE_NOT_ELIGIBLE',
  /** cancel asked for a token that was never paid */
  'TOKEN_NOT_PAID',
  /** a shared confirmation link whose signature does not match (altered, or the award changed) */
  'SHARE_LINK_INVALID',
  /** a shared confirmation link past its expiry */
  'SHARE_LINK_EXPIRED',
]);

export const TOKENS_MESSAGES = {
  detailsSaved: 'Vehicle and driver saved',
  initiated: 'Token ready to pay',
  paid: 'Token paid. Your trip is confirmed.',
  cancelled: 'Token cancelled',
  notPayable: 'This load is not waiting for your token',
  detailsMissing: 'Choose a vehicle and a driver first',
  vehicleNotEligible: 'This vehicle cannot take this load',
  vehicleBusy: 'This vehicle is already on another trip',
  notPaid: 'This token was not paid',
  shareLinkInvalid: 'This link is not valid. Ask the operator for a new one.',
  shareLinkExpired: 'This link has expired. Ask the operator for a new one.',
} as const;

/** A vehicle farther than this from the first loading point gets a proximity warning. */
export const PROXIMITY_WARNING_KM = 150;

/**
 * Refund policy on token cancel (ADR 025): full refund until 24 h before loading, half after,
 * nothing once the trip has started. The kept part is the platform's cancellation fee.
 */
export const REFUND_POLICY = { fullRefundHoursBeforeLoading: 24, latePercent: 50 } as const;

export const vehicleDetailsRequestSchema = z.object({
  vehicleId: z.string({ error: 'Choose a vehicle' }).min(1, 'Choose a vehicle'),
  driverName: z.string({ error: 'Enter the driver name' }).trim().min(2, 'Enter the driver name').max(80),
  driverNumber: indianMobileSchema,
});
export type VehicleDetailsRequest = z.infer<typeof vehicleDetailsRequestSchema>;

export const eligibleVehicleSchema = z.object({
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  vehicleType: z.string(),
  bodyType: z.string(),
  currentCity: z.string().nullable(),
  distanceKm: z.number().int().nullable(),
  vehicleProximityWarning: z.boolean(),
  /** false when the vehicle is on another trip */
  available: z.boolean(),
  /** the unfinished trip holding the vehicle (the picker shows it as busy with that trip), null when free */
  busyTripId: z.string().nullable(),
});
export type EligibleVehicle = z.infer<typeof eligibleVehicleSchema>;
export const eligibleVehiclesResponseSchema = z.array(eligibleVehicleSchema);

export const vehicleDetailSchema = eligibleVehicleSchema.extend({
  tyreCount: z.number().int(),
  tonnage: z.number(),
  sizeInFeet: z.number().int(),
  status: z.string(),
});

export const phonebookDriverSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  driverNumber: z.string(),
  /** the unfinished trip this driver is on (issue 48: cannot be chosen), null when free */
  busyTripId: z.string().nullable(),
});
export const phonebookResponseSchema = z.array(phonebookDriverSchema);

/** spec: "Token or demand confirmation: vehicleNumber, driverNumber, vehicleId, driverName". */
export const tokenSchema = z.object({
  tokenId: z.string(),
  demandId: z.string(),
  status: tokenStatusSchema,
  tokenAmount: z.number(),
  vehicleId: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  driverName: z.string().nullable(),
  driverNumber: z.string().nullable(),
  tripId: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundAmount: z.number().nullable(),
});
export type Token = z.infer<typeof tokenSchema>;

export const tokenQuerySchema = z.object({ demandId: z.string().min(1, 'demandId is required') });

/** What the payment screen needs before paying (demand/{id}/token-details). */
export const tokenDetailsSchema = z.object({
  demandId: z.string(),
  laneName: z.string(),
  tokenAmount: z.number(),
  opQuote: z.number(),
  balanceAfterToken: z.number(),
  walletBalance: z.number(),
  canPay: z.boolean(),
  loadingAt: z.string(),
  token: tokenSchema.nullable(),
});
export type TokenDetails = z.infer<typeof tokenDetailsSchema>;

/** spec §3 "Fleet load confirmation". Amounts in rupees. */
export const fleetLoadConfirmationSchema = z.object({
  demandId: z.string(),
  laneName: z.string(),
  tokenAmount: z.number(),
  /** the token's status, or AWAITING_TOKEN before one exists */
  status: z.union([tokenStatusSchema, z.literal('AWAITING_TOKEN')]),
  opQuote: z.number(),
  tripId: z.string().nullable(),
  vehicles: z.array(eligibleVehicleSchema),
  vehicleProximityWarning: z.boolean(),
  /** seconds until the loading time; 0 once passed */
  loadingTimeRemaining: z.number().int(),
  loadingAt: z.string(),
  contact: z.object({ driverName: z.string(), driverNumber: z.string() }).nullable(),
});
export type FleetLoadConfirmation = z.infer<typeof fleetLoadConfirmationSchema>;

/** spec §4 "Token pay returns a status". */
export const payTokenResponseSchema = z.object({
  status: tokenStatusSchema,
  tripId: z.string(),
  tokenAmount: z.number(),
  balanceInPaisa: z.number().int(),
});
export type PayTokenResponse = z.infer<typeof payTokenResponseSchema>;

export const cancelTokenResponseSchema = z.object({
  status: tokenStatusSchema,
  refundAmount: z.number(),
  keptAmount: z.number(),
  balanceInPaisa: z.number().int(),
});
export type CancelTokenResponse = z.infer<typeof cancelTokenResponseSchema>;

/** How long a shared fleet load confirmation link works (ADR 142). */
export const SHARE_LINK_TTL_SECONDS = 7 * 86_400;

/** A signed link to the public confirmation page of one load (fastag §2.3 /public/fleet-load-confirmation). */
export const shareLinkResponseSchema = z.object({ path: z.string(), expiresAt: z.string() });
export const sharedConfirmationQuerySchema = z.object({
  demandId: z.string().min(1).max(40),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid link'),
});
export type SharedConfirmationQuery = z.infer<typeof sharedConfirmationQuerySchema>;
/** What the link shows: the load's confirmation without the operator's price or wallet. */
export const sharedFleetConfirmationSchema = z.object({
  demandId: z.string(),
  laneName: z.string(),
  status: z.union([tokenStatusSchema, z.literal('AWAITING_TOKEN')]),
  tripId: z.string().nullable(),
  loadingAt: z.string(),
  loadingTimeRemaining: z.number().int(),
  vehicles: z.array(z.object({ vehicleNumber: z.string(), vehicleType: z.string() })),
  contact: z.object({ driverName: z.string(), driverNumber: z.string() }).nullable(),
  expiresAt: z.string(),
});
export type SharedFleetConfirmation = z.infer<typeof sharedFleetConfirmationSchema>;

/** What cancelling the paid token would refund now (ADR 025), shown before the operator confirms. */
export const cancelTokenPreviewSchema = z.object({
  /** false when the token is not paid or the trip has moved past loading */
  allowed: z.boolean(),
  tokenAmount: z.number(),
  refundAmount: z.number(),
  keptAmount: z.number(),
  /** FULL before the cut-off, LATE within it, NONE once the trip started or when not allowed */
  rule: z.enum(['FULL', 'LATE', 'NONE']),
});
export type CancelTokenPreview = z.infer<typeof cancelTokenPreviewSchema>;

export const tokenAppConfigSchema = z.object({
  proximityWarningKm: z.number(),
  refundPolicy: z.object({ fullRefundHoursBeforeLoading: z.number(), latePercent: z.number() }),
  addMoneyPath: z.string(),
  walletRechargeSource: z.string(),
});
