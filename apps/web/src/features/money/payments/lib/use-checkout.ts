import type { PaymentInfo } from '@bhada/contracts/money/payments';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';
import type { CheckoutState } from './checkout-state.ts';
import { translatePaymentMessage } from './messages.ts';

/**
 * The one way into the checkout (ADR 099). `start` creates the order, remembers where the result's
 * Close returns to and opens /portal/payment with the order; a refusal is kept in `failed` (a 400
 * names what to fix, anything else has been tried three times already). `open` reopens the checkout
 * with an order already in hand (a retry, a renewed order).
 */
export function useCheckout() {
  const { t } = useTranslation(['payments', 'common']);
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string>();

  const open = useCallback(
    (state: CheckoutState & { payment: PaymentInfo }, options: { replace?: boolean } = {}) =>
      navigate(paths.payment, { state, replace: options.replace }),
    [navigate],
  );

  const start = async (create: () => Promise<PaymentInfo>, state: Omit<CheckoutState, 'payment'>, referralUrl: string) => {
    setFailed(undefined);
    try {
      const payment = await create();
      storage.set('referralUrl', referralUrl);
      await open({ ...state, payment });
    } catch (e) {
      setFailed(isApiError(e) && e.status === 400 ? translatePaymentMessage(t, e.message) : t('payments:errors.tryAgain'));
    }
  };

  return { start, open, failed, reset: () => setFailed(undefined) };
}
