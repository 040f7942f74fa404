import { z } from 'zod';
import { stageOverrideSchema } from './geo-check.ts';
import { stateChangeWidgetSchema } from './shapes.ts';
import { otpStageSchema, tripStateSchema } from './states.ts';

// OTP and stage moves.

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
  /** a reached-point stage away from the point, or with no position: why the operator marks it anyway (ADR 270) */
  override: stageOverrideSchema.optional(),
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
