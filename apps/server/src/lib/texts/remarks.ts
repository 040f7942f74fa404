import { REMARKS_EN } from './remarks.en.ts';
import { REMARKS_HI } from './remarks.hi.ts';

/**
 * What a bank, the payment provider or this portal says about a payment that did not go through, as catalogue
 * entries keyed by id (ADR 275). The order keeps the wording as it arrived; a reader gets the entry it maps to,
 * in the reader's language.
 */
export const REMARK_IDS = [
  'declinedByBank',
  'cardDeclinedByIssuer',
  'declinedTryAgain',
  'failedRefundSoon',
  'upiRequestExpired',
  'awaitingBank',
  'notCompleteConfirming',
  'processingWait',
  'notConfirmed72h',
  'notCompleted',
  'serviceUnreachable',
  'keptAsCredit',
  'failedGeneric',
  'pendingGeneric',
] as const;
export type RemarkId = (typeof REMARK_IDS)[number];
export type RemarkCatalogue = Record<RemarkId, string>;
export type RemarkLocale = 'en' | 'hi';

export const REMARK_CATALOGUES: Record<RemarkLocale, RemarkCatalogue> = { en: REMARKS_EN, hi: REMARKS_HI };

/** The wording banks, the provider and this portal use, each mapped to its entry. */
const WORDINGS: Array<[RegExp, RemarkId]> = [
  [/^Transaction declined by bank$/i, 'declinedByBank'],
  [/^Card declined by the issuing bank$/i, 'cardDeclinedByIssuer'],
  [/^Your payment has been declined by your bank\. Please try again or use a different method\.$/i, 'declinedTryAgain'],
  [/^Payment failed\. Any amount debited will be refunded in 5-7 working days$/i, 'failedRefundSoon'],
  [/^UPI request expired$/i, 'upiRequestExpired'],
  [/^Awaiting confirmation from the bank$/i, 'awaitingBank'],
  [/^Looks like the payment is not complete\. Please wait while we confirm the status with your bank\.$/i, 'notCompleteConfirming'],
  [/^Payment Processing\. Please wait for 15 minutes\.$/i, 'processingWait'],
  [/^We could not confirm this payment with the bank within 72 hours\. Any amount debited will be refunded\.$/i, 'notConfirmed72h'],
  [/^Payment was not completed\.$/i, 'notCompleted'],
  [/^Payment service is not reachable right now\. Please try again\.$/i, 'serviceUnreachable'],
  [/^Paid more than was due; the extra is kept as your credit with Bhada$/i, 'keptAsCredit'],
];

/** The entry a wording maps to, or undefined for wording the catalogue does not know. */
export function remarkIdOf(wording: string): RemarkId | undefined {
  const text = wording.trim();
  return WORDINGS.find(([pattern]) => pattern.test(text))?.[1];
}
