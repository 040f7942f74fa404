import { errorCodes } from '../../common/error-codes.ts';
/** Errors of the money core shared by wallet, fastag, tokens and payments. */
export const LEDGER_ERRORS = errorCodes([
  /** a debit would take a balance that may not go negative below zero */
  'INSUFFICIENT_BALANCE',
  /** an idempotency key was reused for a different request */
  'IDEMPOTENCY_MISMATCH',
]);

export const LEDGER_MESSAGES = {
  insufficientBalance: 'Insufficient wallet balance. Please add money to your wallet.',
  idempotencyMismatch: 'This request key was already used for a different request',
} as const;

/** The header a client sends on every money-moving request; a repeat returns the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Kinds of ledger accounts. Holder accounts (wallet, tag, escrow) may never go negative;
 * the outside world's accounts (clearing, toll network) mirror money entering or leaving.
 */
export const ACCOUNT_KINDS = [
  'OPERATOR_WALLET',
  'FASTAG',
  'TOKEN_ESCROW',
  'CONSIGNER_SETTLEMENT',
  /** what a consigner paid beyond a trip's due (a race with the bank): the consigner's to use or be refunded */
  'CONSIGNER_CREDIT',
  'PAYMENT_CLEARING',
  'TOLL_NETWORK',
  'PLATFORM_REVENUE',
  'MEMBERSHIP_REVENUE',
  /** what the platform spends on rewards (referral): money leaving the platform, may run negative */
  'PROMOTIONS',
  // operations: money collected against a consignment (ADR 132), and its outside-world side
  'CONSIGNMENT_COLLECTIONS',
  'COLLECTION_CLEARING',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
