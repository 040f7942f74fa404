import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { indianMobileSchema } from '../../common/index.ts';

export const AUTH_ERRORS = errorCodes([
  /** the code is wrong, expired, already used or its tries are spent */
  'OTP_INVALID',
  /** more than 3 codes asked for one phone in 15 minutes */
  'OTP_SEND_LIMIT',
  /** a new code asked for before the resend cooldown has passed */
  'OTP_RESEND_COOLDOWN',
  /** the verified phone belongs to no account */
  'ACCOUNT_NOT_FOUND',
]);

export const AUTH_MESSAGES = {
  otpSent: 'If this number is registered, a code has been sent to it.',
  otpInvalid: 'The code is wrong or has expired. Please check it or ask for a new one.',
  otpSendLimit: 'Too many codes asked for this number. Please try again in 15 minutes.',
  otpResendCooldown: 'A code was just sent. Please wait a few seconds before asking for another.',
  loggedOut: 'Logged out',
} as const;

export const MENU_TYPES = ['OPERATOR', 'CONSIGNER', 'ADMIN'] as const;
export const menuTypeSchema = z.enum(MENU_TYPES);
export type MenuType = z.infer<typeof menuTypeSchema>;

export const USER_KINDS = ['OPERATOR', 'SUBORDINATE', 'CONSIGNER', 'ADMIN'] as const;
export const userKindSchema = z.enum(USER_KINDS);
export type UserKind = z.infer<typeof userKindSchema>;

export const LOCALES = ['en', 'hi'] as const;
export const localeSchema = z.enum(LOCALES);

export const sendOtpRequestSchema = z.object({ phone: indianMobileSchema });
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;
export const sendOtpResponseSchema = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number(),
  /** names this code request for its delivery status (issue 46) */
  requestId: z.string(),
  /** when a new code may be asked for */
  resendAfterSeconds: z.number(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/**
 * How far a login code has got (issue 46): `sending` queued for the provider, `sent` taken by it,
 * `delivered` on the phone, `not_delivered` failed or not reported within the bound.
 */
export const OTP_DELIVERY_STATES = ['sending', 'sent', 'delivered', 'not_delivered'] as const;
export const otpDeliveryStateSchema = z.enum(OTP_DELIVERY_STATES);
export type OtpDeliveryState = z.infer<typeof otpDeliveryStateSchema>;
export const otpDeliveryRequestIdSchema = z.string().regex(/^OTP-[0-9A-Z]{10}$/, 'Not a code request');
export const otpDeliverySchema = z.object({
  state: otpDeliveryStateSchema,
  channel: z.enum(['sms', 'whatsapp']),
  /** the screen offers WhatsApp: the SMS was not delivered and a WhatsApp provider is configured */
  whatsappOffered: z.boolean(),
  resendAfterSeconds: z.number(),
});
export type OtpDelivery = z.infer<typeof otpDeliverySchema>;

export const verifyOtpRequestSchema = z.object({
  phone: indianMobileSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const sessionUserSchema = z.object({
  userCode: z.string(),
  operatorId: z.string().nullable(),
  consignerCode: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  locale: localeSchema,
  menuType: menuTypeSchema,
  kind: userKindSchema,
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const verifyOtpResponseSchema = z.object({
  accessToken: z.string(),
  userCode: z.string(),
  operatorId: z.string().nullable(),
  name: z.string(),
  locale: localeSchema,
  menuType: menuTypeSchema,
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

export { DEMO_OTP } from '../../constants/index.ts';
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_TRIES = 5;
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_SECONDS = 900;
/** the wait between two codes for one phone */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
export const SESSION_IDLE_DAYS = 30;
