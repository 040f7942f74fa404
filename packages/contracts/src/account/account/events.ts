import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './fields.ts';

// The account area: onboarding and client events.

export const onboardingStatusSchema = z.object({ unsubscribed: z.boolean() });

export const MAX_EVENT_PROPERTIES_BYTES = 2048;
export const logEventSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/, 'Event name: letters, digits, _ . : - (up to 64)'),
  screen: z.string().trim().max(80).optional(),
  properties: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .optional()
    .refine((p) => !p || JSON.stringify(p).length <= MAX_EVENT_PROPERTIES_BYTES, ACCOUNT_MESSAGES.eventTooLarge),
});
export const logEventResponseSchema = z.object({ recorded: z.boolean() });
export const eventCountsSchema = z.array(z.object({ name: z.string(), count: z.number().int() }));
export const eventCountsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
