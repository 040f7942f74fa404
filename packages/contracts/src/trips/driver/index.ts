import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';

/**
 * The driver's link (issue 49, ADR 260): one signed link per trip that opens that trip on the driver's
 * phone with no login. Every call under `/api/driver/:token` is scoped to the link's trip and nothing else.
 */
export const DRIVER_ERRORS = errorCodes([
  /** the link is unknown, badly formed or its signature does not match */
  'DRIVER_LINK_INVALID',
  /** the trip ended longer ago than the grace period, or the link passed its last day */
  'DRIVER_LINK_EXPIRED',
  /** the operator revoked this link (a new one may have been sent) */
  'DRIVER_LINK_REVOKED',
  /** a position timed before the trip began or after it ended */
  'POSITION_OUTSIDE_TRIP',
]);

export const DRIVER_MESSAGES = {
  invalid: 'This link is not valid. Ask your operator for a new link.',
  expired: 'This trip has ended and its link has expired.',
  revoked: 'This link was switched off by your operator. Ask them for a new link.',
  outsideTrip: 'These positions are outside the time of this trip',
  issued: 'A new driver link was sent to the driver',
  revokedDone: 'The driver link is switched off',
} as const;

/** a client-made id: replaying the same id changes nothing (the first answer is given again) */
export const clientActionIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and - only');
/** when the driver did it on the phone (ISO time); the server keeps it as the event time */
const happenedAtSchema = z.iso.datetime({ offset: true });

export const driverTokenParamsSchema = z.object({ token: z.string().min(1).max(80) });

export const DRIVER_STAGE_ACTIONS = [
  'REACHED_LOADING',
  'SEND_LOADING_CODE',
  'VERIFY_LOADING_CODE',
  'START_TRIP',
  'REACHED_UNLOADING',
  'SEND_UNLOADING_CODE',
  'VERIFY_UNLOADING_CODE',
] as const;
export type DriverStageAction = (typeof DRIVER_STAGE_ACTIONS)[number];

export const driverStageRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  action: z.enum(DRIVER_STAGE_ACTIONS),
  otp: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code')
    .optional(),
});
export type DriverStageRequest = z.infer<typeof driverStageRequestSchema>;

export const driverDelayRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  type: z.enum(['LOADING', 'TRANSIT', 'UNLOADING']).default('TRANSIT'),
  reasonCode: z.string().min(1).max(40),
  remarks: z.string().max(300).optional(),
});
export type DriverDelayRequest = z.infer<typeof driverDelayRequestSchema>;

export const driverPositionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  speedKmph: z.number().min(0).max(300).nullable().optional(),
  accuracyM: z.number().min(0).max(100_000).nullable().optional(),
  recordedAt: happenedAtSchema,
});
export const driverPositionsRequestSchema = z.object({
  actionId: clientActionIdSchema,
  positions: z.array(driverPositionSchema).min(1).max(500),
});
export type DriverPositionsRequest = z.infer<typeof driverPositionsRequestSchema>;

export const driverLocationRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  sharing: z.boolean(),
});

export const driverPodUploadRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  fileName: z.string().min(1).max(120),
});
export const driverPodConfirmRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  resourceKey: z.string().min(1).max(300),
});
export const driverPodSubmitRequestSchema = z.object({
  actionId: clientActionIdSchema,
  happenedAt: happenedAtSchema,
  podResourceKeys: z.array(z.string().min(1).max(300)).min(1).max(10),
});

export const driverPointSchema = z.object({
  kind: z.enum(['LOADING', 'UNLOADING']),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  contactName: z.string(),
  contactPhone: z.string(),
});

export const driverNextStageSchema = z.object({
  action: z.enum(DRIVER_STAGE_ACTIONS),
  /** the code action that sends the code first (the verify action is the same step after it) */
  needsCode: z.boolean(),
  point: z.enum(['LOADING', 'UNLOADING']),
});

export const driverTripSchema = z.object({
  tripId: z.string(),
  state: z.string(),
  vehicleNumber: z.string().nullable(),
  driverName: z.string(),
  originCity: z.string(),
  destinationCity: z.string(),
  points: z.array(driverPointSchema),
  next: driverNextStageSchema.nullable(),
  /** POD photos may be sent now */
  podOpen: z.boolean(),
  delayReasons: z.array(z.object({ code: z.string(), label: z.string(), labelHi: z.string() })),
  locationSharing: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type DriverTrip = z.infer<typeof driverTripSchema>;

/** What every driver action answers: whether it was a replay, and the trip as it is now. */
export const driverActionResultSchema = z.object({
  actionId: z.string(),
  replayed: z.boolean(),
  state: z.string(),
  /** DONE: it moved the trip or was recorded; ALREADY_DONE: the operator had taken that stage first */
  outcome: z.enum(['DONE', 'ALREADY_DONE']).optional(),
  refused: z.number().int().optional(),
  /** the code was sent to this masked number (send actions only) */
  sentTo: z.string().nullable().optional(),
  accepted: z.number().int().optional(),
  upload: z.object({ url: z.string(), resourceKey: z.string() }).nullable().optional(),
});
export type DriverActionResult = z.infer<typeof driverActionResultSchema>;

/** The operator's view of the trip's link. `url` is present only right after issuing. */
export const driverLinkSchema = z.object({
  linkId: z.string(),
  tripId: z.string(),
  status: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
  url: z.string().nullable(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  lastReportAt: z.string().nullable(),
  location: z.enum(['NEVER', 'SHARING', 'STOPPED']),
  locationChangedAt: z.string().nullable(),
  sentTo: z.string().nullable(),
});
export type DriverLink = z.infer<typeof driverLinkSchema>;
export const driverLinkResponseSchema = z.object({ link: driverLinkSchema.nullable() });

/** the page's web route */
export const driverPagePath = (token: string) => `/d/${token}`;
