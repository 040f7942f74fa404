import { z } from 'zod';
import { errorCodes } from '../../common/error-codes.ts';
import { indianMobileSchema } from '../../common/index.ts';

export const AUTH_ERRORS = errorCodes([
  /** the code is wrong, expired, already used or its tries are spent */
  'OTP_INVALID',
  /** more than 3 codes asked for one phone in 15 minutes */
  'OTP_SEND_LIMIT',
  /** the verified phone belongs to no account */
  'ACCOUNT_NOT_FOUND',
]);

export const AUTH_MESSAGES = {
  otpSent: 'If this number is registered, a code has been sent to it.',
  otpInvalid: 'The code is wrong or has expired. Please check it or ask for a new one.',
  otpSendLimit: 'Too many codes asked for this number. Please try again in 15 minutes.',
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
export const sendOtpResponseSchema = z.object({ sent: z.literal(true), expiresInSeconds: z.number() });

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
export const SESSION_IDLE_DAYS = 30;
