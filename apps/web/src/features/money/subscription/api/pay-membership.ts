import {
  membershipOrderSchema,
  type SubmitPaymentResponse,
  type SubscribeRequest,
  submitPaymentResponseSchema,
  subscribeResponseSchema,
} from '@bhada/contracts/money/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { refreshWalletBalance } from '../../../../lib/shared-data/wallet-balance.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** spec "POST /rest/tesseract/v1/profile/subscribe" (body medium). */
export const subscribe = (body: SubscribeRequest) =>
  http.post('/api/rest/tesseract/v1/profile/subscribe', body, { schema: subscribeResponseSchema, quiet400: true });

/** spec "POST /odin/v2/operator-subscription": my one open order (reused while open). */
export const createMembershipOrder = () =>
  http.post('/api/odin/v2/operator-subscription', undefined, { schema: membershipOrderSchema, quiet400: true });

/**
 * spec "POST /odin/v2/submit-payment". No idempotency-key header: the server then keys the payment
 * by the order, so a double tap or a retry of the same order debits once (ADR 060).
 */
export const submitPayment = (orderId: string) =>
  http.post('/api/odin/v2/submit-payment', { orderId }, { schema: submitPaymentResponseSchema, quiet400: true });

export type PayOutcome = { kind: 'paid'; payment: SubmitPaymentResponse } | { kind: 'nothingToPay'; redirect: string };

/** subscribe → operator-subscription → submit-payment as the one "Pay" step of the screen. */
export function usePayMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (medium: string): Promise<PayOutcome> => {
      const saved = await subscribe({ medium });
      if (!saved.canPay) return { kind: 'nothingToPay', redirect: saved.redirect };
      const order = await createMembershipOrder();
      return { kind: 'paid', payment: await submitPayment(order.orderId) };
    },
    meta: { quiet: true },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), refreshWalletBalance(queryClient)]),
  });
}
