import { z } from 'zod';

// ——— suspicious tolls (issue 47, ADR 280) ———

/** Why a toll looks wrong. */
export const TOLL_FLAG_KINDS = ['DOUBLE_READ', 'CLASS_MISMATCH', 'FAR_FROM_PLAZA', 'NO_TRIP_NO_MOVEMENT'] as const;
export type TollFlagKind = (typeof TOLL_FLAG_KINDS)[number];
export const TOLL_FLAG_STATES = ['OPEN', 'DISMISSED', 'DISPUTED', 'REFUNDED'] as const;
export type TollFlagState = (typeof TOLL_FLAG_STATES)[number];

export const TOLL_FLAG_MESSAGES = {
  notFound: 'Suspicious toll not found',
  closed: 'This toll has already been dismissed or disputed',
  dismissed: 'Toll marked as correct',
  tooEarly: (date: string) => `This toll can be disputed from ${date}`,
  disputeRaised: 'Dispute raised with the evidence. Our team will get back to you.',
  tooLate: 'The time to dispute this toll has passed',
  reasonNeeded: 'Say why this toll is correct',
} as const;

export const tollFlagsQuerySchema = z.object({
  vehicleId: z.string().trim().min(1).max(64).optional(),
  state: z.enum([...TOLL_FLAG_STATES, 'ALL']).default('ALL'),
  kind: z.enum(TOLL_FLAG_KINDS).optional(),
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TollFlagsQuery = z.infer<typeof tollFlagsQuerySchema>;

/** When a flagged toll may be disputed: after the cooling period, before the deadline. */
export const disputeWindowSchema = z.object({
  /** ISO-8601 */
  opensAt: z.string(),
  /** ISO-8601 */
  closesAt: z.string(),
  status: z.enum(['WAIT', 'OPEN', 'CLOSED']),
});
export type DisputeWindow = z.infer<typeof disputeWindowSchema>;

/**
 * The evidence of a flag, by its kind: the other read, the classes, the positions around the read with their
 * distance from the plaza (km) and time from the read (minutes).
 */
export const tollFlagEvidenceSchema = z.object({
  plaza: z.string().nullable().optional(),
  otherRead: z
    .object({
      txnId: z.string(),
      at: z.string(),
      amountPaisa: z.number().int(),
      minutesApart: z.number(),
      laneDirection: z.string().nullable(),
    })
    .optional(),
  chargedClass: z.number().int().optional(),
  vehicleClass: z.number().int().optional(),
  tyreCount: z.number().int().optional(),
  tonnage: z.number().optional(),
  fareAtVehicleClassPaisa: z.number().int().optional(),
  plazaPosition: z.object({ lat: z.number(), lng: z.number(), source: z.enum(['DATASET', 'EVENT']) }).optional(),
  positions: z
    .array(z.object({ at: z.string(), lat: z.number(), lng: z.number(), km: z.number(), minutesFromRead: z.number() }))
    .optional(),
  boundKm: z.number().optional(),
  tripId: z.string().nullable().optional(),
  movedKm: z.number().optional(),
});
export type TollFlagEvidence = z.infer<typeof tollFlagEvidenceSchema>;

export const tollFlagRowSchema = z.object({
  id: z.string(),
  txnId: z.string(),
  vehicleId: z.string(),
  vehicleNumber: z.string(),
  kind: z.enum(TOLL_FLAG_KINDS),
  state: z.enum(TOLL_FLAG_STATES),
  plaza: z.string().nullable(),
  /** ISO-8601: when the toll was read */
  occurredAt: z.string(),
  /** the toll's amount, paisa */
  amountPaisa: z.number().int(),
  atStakePaisa: z.number().int(),
  recoveredPaisa: z.number().int(),
  evidence: tollFlagEvidenceSchema,
  dismissedReason: z.string().nullable(),
  ticketId: z.string().nullable(),
  dispute: disputeWindowSchema,
});
export type TollFlagRow = z.infer<typeof tollFlagRowSchema>;

export const tollFlagsResponseSchema = z.object({
  list: z.array(tollFlagRowSchema),
  totalCount: z.number().int(),
  totals: z.object({
    /** open and disputed flags, paisa */
    atStakePaisa: z.number().int(),
    recoveredPaisa: z.number().int(),
    byKind: z.array(z.object({ kind: z.enum(TOLL_FLAG_KINDS), count: z.number().int(), atStakePaisa: z.number().int() })),
  }),
});
export type TollFlagsResponse = z.infer<typeof tollFlagsResponseSchema>;

export const tollFlagParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const dismissTollFlagSchema = z.object({
  reason: z.string({ error: TOLL_FLAG_MESSAGES.reasonNeeded }).trim().min(3, TOLL_FLAG_MESSAGES.reasonNeeded).max(300),
});
export type DismissTollFlag = z.infer<typeof dismissTollFlagSchema>;
export const tollFlagResponseSchema = z.object({ flag: tollFlagRowSchema });
export type TollFlagResponse = z.infer<typeof tollFlagResponseSchema>;
