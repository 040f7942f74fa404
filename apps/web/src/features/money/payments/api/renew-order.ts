import type { PaymentInfo } from '@bhada/contracts/money/payments';
import { createConsignerOrder } from './create-consigner-order.ts';
import { createTopUp, withOrderAttempts } from './create-top-up.ts';

/** The order purposes this portal pays by card, each with its own way to ask for a fresh order. */
export type CheckoutPurpose = 'WALLET_TOPUP' | 'CONSIGNER_TRIP';

export const isCheckoutPurpose = (purpose: string): purpose is CheckoutPurpose =>
  purpose === 'WALLET_TOPUP' || purpose === 'CONSIGNER_TRIP';

/**
 * After a failed attempt the order's token may be spent: a fresh order for the same purpose and
 * amount (spec fastag §4 Retry, up to 3 attempts). The server finds the amount from the old order.
 */
export function renewOrder(purpose: CheckoutPurpose, orderId: string): Promise<PaymentInfo> {
  if (purpose === 'CONSIGNER_TRIP') return withOrderAttempts(() => createConsignerOrder({ retry: orderId }));
  return withOrderAttempts(() => createTopUp({ retry: orderId }));
}
