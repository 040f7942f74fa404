import { z } from 'zod';

// Stages checked against geography (issue 48 point 3, ADR 270): "Reached loading point" and "Reached
// unloading point" need the vehicle's latest position near the point, or an override with a reason.

/** The point type a reached-stage is checked against. */
export type StagePointType = 'LOADING' | 'UNLOADING';
/** The radius defaults per point type, in km (the server's settings may change them, ADR 270). */
export const STAGE_RADIUS_KM: Record<StagePointType, number> = { LOADING: 3, UNLOADING: 5 };
/** A position older than this does not count for a stage check (the tracking screen's stale rule). */
export const STAGE_POSITION_MAX_AGE_MINUTES = 30;

/** Why the operator marks a point reached while the truck's position says otherwise, or says nothing. */
export const STAGE_OVERRIDE_REASONS = ['GPS_NOT_WORKING', 'GPS_INACCURATE', 'POINT_PIN_WRONG', 'WAITING_OUTSIDE', 'OTHER'] as const;
export type StageOverrideReason = (typeof STAGE_OVERRIDE_REASONS)[number];
/** The reasons as people read them, in English and Hindi (the server's views carry both). */
export const STAGE_OVERRIDE_LABELS: Record<StageOverrideReason, { en: string; hi: string }> = {
  GPS_NOT_WORKING: { en: 'GPS not working or no signal', hi: 'GPS काम नहीं कर रहा या सिग्नल नहीं है' },
  GPS_INACCURATE: { en: 'GPS shows the wrong place', hi: 'GPS ग़लत जगह दिखा रहा है' },
  POINT_PIN_WRONG: { en: 'The point is marked at the wrong place', hi: 'पॉइंट नक्शे पर ग़लत जगह लगा है' },
  WAITING_OUTSIDE: { en: 'Truck is waiting at the gate or parking outside', hi: 'गाड़ी गेट या बाहर की पार्किंग में इंतज़ार कर रही है' },
  OTHER: { en: 'Other reason', hi: 'कोई और कारण' },
};

export const STAGE_OVERRIDE_MESSAGES = {
  noteRequired: 'Write the reason in a few words',
} as const;

export const stageOverrideSchema = z
  .object({
    reason: z.enum(STAGE_OVERRIDE_REASONS),
    /** free text; needed with OTHER */
    note: z.string().trim().max(300).optional(),
  })
  .refine((o) => o.reason !== 'OTHER' || (o.note ?? '').length >= 5, { message: STAGE_OVERRIDE_MESSAGES.noteRequired, path: ['note'] });
export type StageOverride = z.infer<typeof stageOverrideSchema>;

/** How a reached-stage was checked, as the trip's history keeps it and the consigner and admin see it. */
export const stageCheckSchema = z.object({
  toState: z.enum(['REACHED_LOADING', 'REACHED_UNLOADING']),
  pointType: z.enum(['LOADING', 'UNLOADING']),
  pointName: z.string(),
  /** road km from the latest position to the point; null when there was no usable position */
  distanceKm: z.number().nullable(),
  radiusKm: z.number(),
  /** when the position used was recorded; null with no position */
  positionAt: z.string().nullable(),
  /** WITHIN_RADIUS: accepted by the position; OVERRIDE: marked by the operator against or without one */
  outcome: z.enum(['WITHIN_RADIUS', 'OVERRIDE']),
  override: z
    .object({
      reason: z.enum(STAGE_OVERRIDE_REASONS),
      reasonLabel: z.string(),
      reasonLabelHi: z.string(),
      note: z.string().nullable(),
      /** true when there was no position at all: the override was the only way */
      noPosition: z.boolean(),
    })
    .nullable(),
  at: z.string(),
});
export type StageCheck = z.infer<typeof stageCheckSchema>;
