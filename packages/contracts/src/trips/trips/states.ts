import { z } from 'zod';

// Trip states, the edges between them and the rules that hang on them.

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

// Who may move an edge: the operator (with or without the other party's OTP), or the admin.

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
/** A driver is busy by the same rule: one person cannot drive two unfinished trips (issue 48). */
export const DRIVER_BUSY_STATES: readonly TripState[] = ACTIVE_TRIP_STATES;

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
