import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, gstinSchema, ifscSchema, nameSchema, panSchema } from './fields.ts';

// The account area: profile edits.

export const bankAccountSchema = z.object({
  accountName: nameSchema,
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{9,18}$/, ACCOUNT_MESSAGES.accountNumber),
  ifsc: ifscSchema,
});

/** Edits: a field left out stays; null clears an optional field. */
export const profileUpdateSchema = z
  .object({
    companyName: nameSchema.optional(),
    ownerName: nameSchema.optional(),
    email: emailSchema.nullable().optional(),
    city: z.string().trim().min(2).max(60).nullable().optional(),
    gstin: gstinSchema.nullable().optional(),
    pan: panSchema.nullable().optional(),
    bank: bankAccountSchema.nullable().optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const operativeRequestSchema = z.object({ operative: z.boolean() });
