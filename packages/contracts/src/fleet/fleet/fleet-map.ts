import { z } from 'zod';
import { VEHICLE_STATUSES } from './vehicles.ts';

/** The fleet map: each vehicle's state from its latest position, and the live positions topic. */
export const FLEET_MOVING_KMPH = 5;
/** no position for this long → offline */
export const FLEET_OFFLINE_MINUTES = 30;
export const fleetVehicleStateSchema = z.enum(['MOVING', 'STOPPED', 'OFFLINE']);
export const fleetMapItemSchema = z.object({
  vehicleId: z.string(),
  number: z.string(),
  lat: z.number(),
  lng: z.number(),
  speedKmph: z.number().nullable(),
  recordedAt: z.string().nullable(),
  state: fleetVehicleStateSchema,
  tripId: z.string().nullable(),
});
export const fleetMapSchema = z.object({
  /** whose fleet this is: the page follows `fleet:{operatorId}` on the event stream for live positions */
  operatorId: z.string(),
  vehicles: z.array(fleetMapItemSchema),
  counts: z.object({ MOVING: z.number().int(), STOPPED: z.number().int(), OFFLINE: z.number().int() }),
});
export type FleetMap = z.infer<typeof fleetMapSchema>;
export type FleetVehicleState = z.infer<typeof fleetVehicleStateSchema>;

/** Moving, stopped or offline by the last position: offline with none in FLEET_OFFLINE_MINUTES. */
export function fleetStateOf(p: { speedKmph: number | null; recordedAt: Date | string } | null | undefined, now: Date): FleetVehicleState {
  if (!p || now.getTime() - new Date(p.recordedAt).getTime() > FLEET_OFFLINE_MINUTES * 60_000) return 'OFFLINE';
  return (p.speedKmph ?? 0) >= FLEET_MOVING_KMPH ? 'MOVING' : 'STOPPED';
}

/** The event-stream topic of one operator's live positions (ADR 103). */
export const fleetTopic = (operatorId: string) => `fleet:${operatorId}`;
/** One push on `fleet:{operatorId}`: the vehicles whose position changed since the last push, newest each. */
export const fleetPositionSchema = z.object({
  vehicleId: z.string(),
  lat: z.number(),
  lng: z.number(),
  speedKmph: z.number().nullable(),
  recordedAt: z.string(),
  tripId: z.string().nullable(),
});
export type FleetPosition = z.infer<typeof fleetPositionSchema>;
export const fleetPositionsEventSchema = z.object({ positions: z.array(fleetPositionSchema) });
export const fleetVehicleDetailSchema = z.object({
  vehicleId: z.string(),
  number: z.string(),
  trip: z.object({ tripId: z.string(), state: z.string(), origin: z.string(), destination: z.string() }).nullable(),
  positions: z.array(z.object({ lat: z.number(), lng: z.number(), speedKmph: z.number().nullable(), recordedAt: z.string() })),
});

export const compactVehicleSchema = z.object({
  vehicleId: z.string(),
  number: z.string(),
  vehicleType: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  hasDevice: z.boolean(),
});
