import type { PaymentInfo } from '@bhada/contracts/money/payments';
import type { CheckoutPurpose } from '../api/renew-order.ts';

/** What /portal/payment receives as navigation state (spec fastag §2.8: fromFastag, the order). */
export type CheckoutState = {
  fromFastag?: boolean;
  /** what the order pays for; a refused attempt renews an order of the same purpose (default: wallet top-up) */
  purpose?: CheckoutPurpose;
  payment?: PaymentInfo;
  /** after a failed attempt: the method that failed (UPI, NB, CC, DC) and whether to retry it or pick another */
  lastMode?: string | null;
  another?: boolean;
};

export function checkoutStateOf(state: unknown): CheckoutState {
  if (!state || typeof state !== 'object') return {};
  return state as CheckoutState;
}
