import type { PaymentInfo } from '@bhada/contracts/payments';

/** What /portal/payment receives as navigation state (spec fastag §2.8: fromFastag, the order). */
export type CheckoutState = {
  fromFastag?: boolean;
  payment?: PaymentInfo;
};

export function checkoutStateOf(state: unknown): CheckoutState {
  if (!state || typeof state !== 'object') return {};
  return state as CheckoutState;
}
