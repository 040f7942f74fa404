import type { RemarkCatalogue } from './remarks.ts';

export const REMARKS_EN: RemarkCatalogue = {
  declinedByBank: 'Transaction declined by bank',
  cardDeclinedByIssuer: 'Card declined by the issuing bank',
  declinedTryAgain: 'Your payment has been declined by your bank. Please try again or use a different method.',
  failedRefundSoon: 'Payment failed. Any amount debited will be refunded in 5-7 working days',
  upiRequestExpired: 'UPI request expired',
  awaitingBank: 'Awaiting confirmation from the bank',
  notCompleteConfirming: 'Looks like the payment is not complete. Please wait while we confirm the status with your bank.',
  processingWait: 'Payment Processing. Please wait for 15 minutes.',
  notConfirmed72h: 'We could not confirm this payment with the bank within 72 hours. Any amount debited will be refunded.',
  notCompleted: 'Payment was not completed.',
  serviceUnreachable: 'Payment service is not reachable right now. Please try again.',
  keptAsCredit: 'Paid more than was due; the extra is kept as your credit with Bhada',
  failedGeneric: 'The bank did not complete this payment',
  pendingGeneric: 'Awaiting confirmation from the bank',
};
