import { z } from 'zod';
import { indianMobileSchema } from '../../common/index.ts';
import { SUPPORT_MESSAGES } from './messages.ts';

// The support area: referral.

export const REFERRAL_STATUSES = ['JOINED', 'REGISTERED', 'REWARDED'] as const;
/** spec §9: the referral toaster stays 3 s */
export const REFERRAL_TOASTER_MS = 3000;
/** spec §9: the default text is a Hindi invitation with the link */
export const referralMessage = (link: string) => `भाड़ा पर मेरे साथ जुड़ें! यहाँ रोज़ नए लोड मिलते हैं और भुगतान समय पर होता है। इस लिंक से जुड़ें: ${link}`;

export const referralSchema = z.object({
  referralId: z.string(),
  name: z.string(),
  /** masked: the operator sees who joined, not the whole number */
  phone: z.string(),
  city: z.string(),
  fleetSize: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  rewardInPaisa: z.number().int().nullable(),
  createdAt: z.string(),
});
export const referralLinkSchema = z.object({
  code: z.string(),
  link: z.string(),
  message: z.string(),
  rewardInPaisa: z.number().int(),
  referrals: z.array(referralSchema),
  earnedInPaisa: z.number().int(),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;
export const referralFormSchema = z.object({
  code: z.string().trim().min(4, SUPPORT_MESSAGES.referralUnknown).max(20, SUPPORT_MESSAGES.referralUnknown),
  name: z.string().trim().min(2, 'Enter your name').max(80, 'Name is too long'),
  phone: indianMobileSchema,
  city: z.string().trim().min(2, 'Enter your city').max(60),
  fleetSize: z.coerce.number({ error: 'Enter the number of trucks' }).int().min(1, 'Enter the number of trucks').max(10_000),
  /** the code sent to `phone`: without it the form only asks for one (ADR 302) */
  otp: z
    .string()
    .regex(/^\d{6}$/, SUPPORT_MESSAGES.referralCodeInvalid)
    .optional(),
});
export type ReferralForm = z.input<typeof referralFormSchema>;
/** how long a join code lasts, and how many may be asked for one number in 15 minutes */
export const REFERRAL_CODE_TTL_SECONDS = 600;
export const REFERRAL_CODE_MAX_SENDS = 3;
export const referralFormResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('CODE_SENT'), expiresInSeconds: z.number().int() }),
  z.object({ status: z.literal('JOINED'), referralId: z.string() }),
]);
