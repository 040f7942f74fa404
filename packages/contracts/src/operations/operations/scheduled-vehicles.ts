import { z } from 'zod';
import { laneSchema } from './consignments.ts';
import { isoDate, page, pageParams, text } from './schemas.ts';

/** Vehicles scheduled for loading, with their map. */
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
