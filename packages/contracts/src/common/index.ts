import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export { SUCCESS_CODE } from '../constants/index.ts';
export { errorCodes } from './error-codes.ts';

/** The one response envelope every API call answers with (ARCHITECTURE §4). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    data: data.optional(),
    message: z.string().optional(),
    errorCode: z.string(),
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errorCode: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { success: boolean; data?: T; message?: string; errorCode: string };

/** Generic errors used by every domain. The server maps each to an HTTP status in one table. */
export const COMMON_ERRORS = errorCodes([
  /** request body, query or params fail their contract */
  'VALIDATION_FAILED',
  /** no valid session token */
  'UNAUTHENTICATED',
  /** the actor lacks the permission the call needs */
  'FORBIDDEN',
  /** the resource does not exist or belongs to someone else */
  'NOT_FOUND',
  /** the resource changed since the client read it */
  'CONFLICT',
  /** too many requests */
  'RATE_LIMITED',
  /** the body is in a format the call does not take (text where a form or JSON is expected) */
  'UNSUPPORTED_MEDIA_TYPE',
  /** an upload beyond the file size limit */
  'PAYLOAD_TOO_LARGE',
  /** anything unexpected; details only in the log */
  'INTERNAL',
]);

export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongTryAgain: 'Something went wrong, try again!',
  notFound: 'Not found',
  forbidden: 'You are not allowed to do this',
  unauthenticated: 'Please log in again',
  rateLimited: 'Too many requests. Please wait a few minutes and try again.',
} as const;

/** 10-digit Indian mobile number (starts 6–9). */
export const indianMobileSchema = z
  .string({ error: 'Enter a 10-digit mobile number' })
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit Indian mobile number');

export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const okSchema = z.object({ ok: z.literal(true) });

export const paise = {
  /** rupees (max 2 decimals) → integer paisa, without floating error */
  fromRupees(rupees: number): number {
    return Math.round(rupees * 100);
  },
  toRupees(paisa: number): number {
    return paisa / 100;
  },
};

/** Last second accepted on the wire: 2100-01-01 IST. A millisecond value sent as seconds lands far beyond it. */
export const MAX_EPOCH_SECONDS = 4_102_424_999;

/** Times on the wire in epoch seconds (spec: fromTime, toTime), bounded so a wrong unit is a clear 400. */
export const epochSecondsSchema = z.coerce
  .number()
  .int('Time must be whole seconds')
  .min(0, 'Time must not be before 1970')
  .max(MAX_EPOCH_SECONDS, 'Time must be in seconds, not milliseconds');
