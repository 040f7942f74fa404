import type { AUTH_ERRORS } from '@bhada/contracts/auth';
import type { COMMON_ERRORS } from '@bhada/contracts/common';
import type { LEDGER_ERRORS } from '@bhada/contracts/ledger';
import type { USERS_ERRORS } from '@bhada/contracts/users';

type Values<T> = T[keyof T];

/** Every error code any domain can throw. Add a domain's codes here and to the table below. */
export type ErrorCode =
  | Values<typeof COMMON_ERRORS>
  | Values<typeof AUTH_ERRORS>
  | Values<typeof USERS_ERRORS>
  | Values<typeof LEDGER_ERRORS>;

/** The one table from error code to HTTP status; it fails to compile when a code is missing. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  OTP_INVALID: 400,
  OTP_SEND_LIMIT: 429,
  ACCOUNT_NOT_FOUND: 400,
  ROLE_NAME_TAKEN: 400,
  PHONE_TAKEN: 400,
  ROLE_IN_USE: 400,
  INSUFFICIENT_BALANCE: 400,
  IDEMPOTENCY_MISMATCH: 422,
};

/** A domain error: the error handler writes it as the envelope with its mapped status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  constructor(code: ErrorCode, message: string, opts: { field?: string } = {}) {
    super(message);
    this.code = code;
    this.field = opts.field;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You are not allowed to do this') => new AppError('FORBIDDEN', what);
export const badRequest = (message: string, field?: string) => new AppError('VALIDATION_FAILED', message, { field });
