import { type ConsignerCreateOrderRequest, consignerCreateOrderResponseSchema } from '@bhada/contracts/money/payments';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { withOrderAttempts } from './create-top-up.ts';

/** spec marketplace §7 Consigner payment: pay/create-order for one trip (or `retry` a failed order). */
export function createConsignerOrder(body: ConsignerCreateOrderRequest) {
  // a refusal (more than is due) is shown beside the amount, not in the global snackbar
  return http.post('/api/consigner/pay/create-order', body, { schema: consignerCreateOrderResponseSchema, quiet400: true });
}

export function useCreateConsignerOrder() {
  return useMutation({ mutationFn: (body: ConsignerCreateOrderRequest) => withOrderAttempts(() => createConsignerOrder(body)) });
}
