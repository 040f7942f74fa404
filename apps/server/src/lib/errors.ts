import type { AUTH_ERRORS } from '@bhada/contracts/account/auth';
import type { USERS_ERRORS } from '@bhada/contracts/account/users';
import type { COMMON_ERRORS } from '@bhada/contracts/common';
import type { LOADS_ERRORS } from '@bhada/contracts/marketplace/loads';
import type { QUOTES_ERRORS } from '@bhada/contracts/marketplace/quotes';
import type { TOKENS_ERRORS } from '@bhada/contracts/marketplace/tokens';
import type { FASTAG_ERRORS } from '@bhada/contracts/money/fastag';
import type { LEDGER_ERRORS } from '@bhada/contracts/money/ledger';
import type { PAYMENTS_ERRORS } from '@bhada/contracts/money/payments';
import type { SUBSCRIPTION_ERRORS } from '@bhada/contracts/money/subscription';
import type { WALLET_ERRORS } from '@bhada/contracts/money/wallet';
// operations
import type { OPERATIONS_ERRORS } from '@bhada/contracts/operations/operations';
import type { SUPPORT_ERRORS } from '@bhada/contracts/support/support';
import type { DRIVER_ERRORS } from '@bhada/contracts/trips/driver';
import type { POD_ERRORS } from '@bhada/contracts/trips/pod';
import type { TRACKING_ERRORS } from '@bhada/contracts/trips/tracking';
import type { TRIPS_ERRORS } from '@bhada/contracts/trips/trips';

import type { IssueLike } from './server-messages.ts';

type Values<T> = T[keyof T];

/** Every error code any domain can throw. Add a domain's codes here and to the table below. */
export type ErrorCode =
  | Values<typeof COMMON_ERRORS>
  | Values<typeof AUTH_ERRORS>
  | Values<typeof USERS_ERRORS>
  | Values<typeof LEDGER_ERRORS>
  | Values<typeof PAYMENTS_ERRORS>
  | Values<typeof WALLET_ERRORS>
  | Values<typeof FASTAG_ERRORS>
  | Values<typeof LOADS_ERRORS>
  | Values<typeof QUOTES_ERRORS>
  | Values<typeof TOKENS_ERRORS>
  | Values<typeof TRIPS_ERRORS>
  | Values<typeof POD_ERRORS>
  | Values<typeof TRACKING_ERRORS>
  | Values<typeof DRIVER_ERRORS>
  | Values<typeof SUBSCRIPTION_ERRORS>
  // support area
  | Values<typeof SUPPORT_ERRORS>
  // operations
  | Values<typeof OPERATIONS_ERRORS>;

/** The one table from error code to HTTP status; it fails to compile when a code is missing. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  PAYMENT_AMOUNT_MISMATCH: 400,
  PAYMENT_ORDER_CLOSED: 400,
  PAYMENT_SESSION_EXPIRED: 400,
  PAYMENT_PROVIDER_FAILED: 502,
  TRIP_STAGE_MISMATCH: 422,
  TRIP_OTP_REQUIRED: 422,
  TRIP_OTP_INVALID: 422,
  TRIP_OTP_LIMIT: 429,
  SLOT_INVALID: 400,
  SLOT_TAKEN: 409,
  TRIP_NOT_CANCELLABLE: 422,
  VEHICLE_BUSY: 400,
  DRIVER_BUSY: 400,
  CHARGE_NOT_EDITABLE: 400,
  NOTIFY_TOO_SOON: 429,
  STAGE_TOO_FAR: 422,
  STAGE_NO_POSITION: 422,
  FILE_REJECTED: 400,
  FILE_TOO_LARGE: 400,
  FILE_NOT_UPLOADED: 400,
  DEVICE_UNAUTHORIZED: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  OTP_INVALID: 400,
  OTP_SEND_LIMIT: 429,
  OTP_RESEND_COOLDOWN: 429,
  ACCOUNT_NOT_FOUND: 400,
  ROLE_NAME_TAKEN: 400,
  PHONE_TAKEN: 400,
  ROLE_IN_USE: 400,
  INSUFFICIENT_BALANCE: 400,
  IDEMPOTENCY_MISMATCH: 422,
  DOWNLOAD_LINK_EXPIRED: 410,
  DOWNLOAD_LINK_INVALID: 403,
  FASTAG_RECHARGE_EXCEEDS_WALLET: 400,
  FASTAG_TAG_INACTIVE: 400,
  FASTAG_WEBHOOK_SIGNATURE_INVALID: 401,
  FASTAG_UNKNOWN_TAG: 404,
  FASTAG_DISPUTE_NOT_ALLOWED: 400,
  TOLL_FLAG_CLOSED: 409,
  TOLL_DISPUTE_TOO_EARLY: 422,
  TOLL_DISPUTE_TOO_LATE: 422,
  LOAD_STATE_CONFLICT: 409,
  LOAD_DATES_INVALID: 400,
  AWARD_NOT_ALLOWED: 400,
  QUOTE_WINDOW_CLOSED: 400,
  QUOTE_LOAD_REJECTED: 400,
  TOKEN_NOT_PAYABLE: 400,
  TOKEN_DETAILS_MISSING: 400,
  VEHICLE_NOT_ELIGIBLE: 400,
  TOKEN_NOT_PAID: 400,
  SHARE_LINK_INVALID: 404,
  SHARE_LINK_EXPIRED: 410,
  // the driver's link (ADR 260)
  DRIVER_LINK_INVALID: 404,
  DRIVER_LINK_EXPIRED: 410,
  DRIVER_LINK_REVOKED: 410,
  POSITION_OUTSIDE_TRIP: 422,
  MEMBERSHIP_ALREADY_ACTIVE: 400,
  // support area
  TICKET_STATE_CONFLICT: 409,
  SURVEY_ALREADY_ANSWERED: 400,
  REFERRAL_NOT_ALLOWED: 400,
  RATE_CARD_LOCKED: 400,
  // operations
  ACTION_WINDOW_CLOSED: 400,
  CONSIGNMENT_LOCKED: 400,
};

/** A domain error: the error handler writes it as the envelope with its mapped status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  /** the validation issue the message came from, so a Hindi reader gets it in Hindi (ADR 161) */
  readonly issue?: IssueLike;
  constructor(code: ErrorCode, message: string, opts: { field?: string; issue?: IssueLike } = {}) {
    super(message);
    this.code = code;
    this.field = opts.field;
    this.issue = opts.issue;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (what = 'You are not allowed to do this') => new AppError('FORBIDDEN', what);
export const badRequest = (message: string, field?: string) => new AppError('VALIDATION_FAILED', message, { field });
/** A refusal from a schema checked by hand (safeParse): the first issue's message, its field, the issue itself. */
export function invalidInput(issue: (IssueLike & { path?: PropertyKey[] }) | undefined, fallback: string, message?: string) {
  return new AppError('VALIDATION_FAILED', message ?? issue?.message ?? fallback, { field: issue?.path?.map(String).join('.'), issue });
}
