import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';

/** A trip's position is older than this → the truck shows as "last seen". */
export const STALE_POSITION_MINUTES = 30;
/** a halt longer than this between positions shows as a stop on the map */
export const STOP_MIN_MINUTES = 20;
export const AVERAGE_SPEED_KMPH = 40;

export const TRACKING_ERRORS = errorCodes([
  /** OsmAnd ingestion with an unknown or revoked device id */
  'DEVICE_UNAUTHORIZED',
]);

export const TRACKING_MESSAGES = {
  noData: 'No location received for this trip yet',
  stale: 'The trip changed. Reloading…',
  deviceUnknown: 'Unknown device',
  trackingError: 'Error in fetching current location.',
  pathError: 'Error in fetching path details.',
} as const;

/** The OsmAnd protocol as Traccar Client sends it (query string or form body). */
export const osmandQuerySchema = z.object({
  id: z.string().min(16).max(128),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  /** epoch seconds or milliseconds, or an ISO time */
  timestamp: z.string().max(40).optional(),
  speed: z.coerce.number().min(0).max(500).optional(),
  bearing: z.coerce.number().min(0).max(360).optional(),
  altitude: z.coerce.number().optional(),
  accuracy: z.coerce.number().min(0).optional(),
  batt: z.coerce.number().min(0).max(100).optional(),
});
export type OsmandQuery = z.infer<typeof osmandQuerySchema>;

export const positionSchema = z.object({ lat: z.number(), lng: z.number(), speedKmph: z.number().nullable(), recordedAt: z.string() });
export type Position = z.infer<typeof positionSchema>;

export const trackingQuerySchema = z.object({
  /** the trip state the client showed; a different one answers 409 so it reloads */
  state: z.string().max(40).optional(),
});

export const tripTrackingSchema = z.object({
  tripId: z.string(),
  state: z.string(),
  vehicleNumber: z.string().nullable(),
  origin: z.object({ name: z.string(), lat: z.number(), lng: z.number() }),
  destination: z.object({ name: z.string(), lat: z.number(), lng: z.number() }),
  current: positionSchema,
  stale: z.boolean(),
  path: z.array(z.tuple([z.number(), z.number()])),
  stops: z.array(z.object({ lat: z.number(), lng: z.number(), from: z.string(), to: z.string(), minutes: z.number().int() })),
  distanceLeftKm: z.number(),
  etaMinutes: z.number().int().nullable(),
  /** DRIVER_PHONE once the driver's phone reports for the trip (issue 49); null: a GPS device or the demo */
  source: z.enum(['DRIVER_PHONE']).nullable().optional(),
});
export type TripTracking = z.infer<typeof tripTrackingSchema>;

export const registerDeviceRequestSchema = z.object({
  vehicleId: z.string().min(1).max(40),
  label: z.string().trim().min(2).max(60).default('Phone'),
});
export const deviceSchema = z.object({
  deviceId: z.string(),
  vehicleId: z.string(),
  label: z.string(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export const registeredDeviceSchema = deviceSchema.extend({
  /** shown once: the identifier to type into Traccar Client; only its hash is stored */
  identifier: z.string(),
  serverUrl: z.string(),
});
