import { z } from 'zod';

// The account area: profile.

export const VERIFICATION_STATES = ['UNVERIFIED', 'PENDING', 'VERIFIED'] as const;
export const profileSchema = z.object({
  operatorId: z.string(),
  companyName: z.string(),
  ownerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  /** the settlement account; the number is shown masked but for the last four digits */
  bank: z.object({ accountName: z.string(), accountNumberMasked: z.string(), ifsc: z.string() }).nullable(),
  membership: z.object({ active: z.boolean(), activeUntil: z.string().nullable() }),
  verification: z.enum(VERIFICATION_STATES),
  fleetSize: z.number().int(),
  operative: z.boolean(),
  tdsDeclared: z.boolean(),
  undertakingDeclared: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
