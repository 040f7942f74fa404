import { z } from 'zod';
import { pageQuerySchema } from '../../common/index.ts';
import { parseRupees } from '../../money/amounts/index.ts';
import { SUPPORT_MESSAGES } from './messages.ts';

// The support area: rate cards.

export const RATE_CARD_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export const rateRupeesSchema = z
  .number({ error: 'Enter the rate in rupees' })
  .positive('Enter the rate in rupees')
  .max(10_000_000, 'Rate is too high')
  // rupees rounded to 2 decimals with the one money rule (ADR 096), kept as paisa
  .transform((r): number => parseRupees(r) ?? 0)
  .pipe(z.number().int().positive('Enter the rate in rupees'));
export const rateCardInputSchema = z.object({
  id: z.string().max(40).optional(),
  origin: z.string().trim().min(2, 'Enter the origin').max(60),
  destination: z.string().trim().min(2, 'Enter the destination').max(60),
  bodyType: z.string().trim().min(2, 'Enter the body type').max(40),
  tonnage: z.number({ error: 'Enter the tonnage' }).positive('Enter the tonnage').max(100),
  rate: rateRupeesSchema,
});
export const rateCardSaveRequestSchema = z.object({
  cards: z.array(rateCardInputSchema).min(1, 'Add a rate').max(50),
  submit: z.boolean().default(false),
});
export type RateCardSaveRequest = z.input<typeof rateCardSaveRequestSchema>;
export const rateCardSchema = z.object({
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  bodyType: z.string(),
  tonnage: z.number(),
  /** rupees, 2 decimals */
  rate: z.number(),
  rateInPaisa: z.number().int(),
  status: z.enum(RATE_CARD_STATUSES),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;
export const rateCardListSchema = z.object({ cards: z.array(rateCardSchema) });
export const rateCardDecisionSchema = z
  .object({ decision: z.enum(['APPROVED', 'REJECTED']), reason: z.string().trim().max(300).optional() })
  .refine((d) => d.decision === 'APPROVED' || Boolean(d.reason), { message: SUPPORT_MESSAGES.reasonRequired, path: ['reason'] });
export const adminRateCardQuerySchema = pageQuerySchema.extend({ status: z.enum(RATE_CARD_STATUSES).default('SUBMITTED') });
export const adminRateCardListSchema = z.object({
  cards: z.array(rateCardSchema.extend({ operatorId: z.string(), operatorName: z.string() })),
  totalCount: z.number().int(),
});
export const rateCardIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
