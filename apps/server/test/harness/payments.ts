import type {
  completeRechargeResponseSchema,
  consignerCompleteOrderResponseSchema,
  consignerCreateOrderRequestSchema,
  consignerCreateOrderResponseSchema,
  initiateRechargeRequestSchema,
  initiateRechargeResponseSchema,
  PaymentInfo,
  PaymentResult,
  transactionUpdateRequestSchema,
  transactionUpdateResponseSchema,
} from '@bhada/contracts/money/payments';
import type { In, Out, Send } from './index.ts';

const MARKETPLACE_WALLET = '/api/rest/tesseract/v1/payment/wallet';

/** Add money, the checkout's server calls and the consigner's trip payment (payments §3), typed by the payments contract. */
export function paymentsClient(send: Send) {
  return {
    /** POST /wallet/recharge/v2: `{ amount }` in rupees, or `{ retry }` of a failed order; loose on purpose so refusals can be tried */
    recharge: (body: Record<string, unknown>) => send<PaymentInfo>('POST', '/api/wallet/recharge/v2', body),
    updateTransaction: (body: In<typeof transactionUpdateRequestSchema>) =>
      send<Out<typeof transactionUpdateResponseSchema>>('POST', '/api/v2/transactions/update', body),
    result: (orderId: string) => send<PaymentResult>('GET', `/api/v2/transactions/${orderId}`),
    initiateRecharge: (body: In<typeof initiateRechargeRequestSchema>) =>
      send<Out<typeof initiateRechargeResponseSchema>>('POST', `${MARKETPLACE_WALLET}/initiate-recharge`, body),
    completeRecharge: (orderId: string) =>
      send<Out<typeof completeRechargeResponseSchema>>('POST', `${MARKETPLACE_WALLET}/complete-recharge`, { orderId }),
    consignerCreateOrder: (body: In<typeof consignerCreateOrderRequestSchema>) =>
      send<Out<typeof consignerCreateOrderResponseSchema>>('POST', '/api/consigner/pay/create-order', body),
    consignerCompleteOrder: (orderId: string) =>
      send<Out<typeof consignerCompleteOrderResponseSchema>>('POST', '/api/consigner/pay/complete-order', { orderId }),
  };
}
