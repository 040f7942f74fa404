import { ORDER_ATTEMPTS, type PaymentInfo, paymentInfoSchema, type RechargeRequest } from '@bhada/contracts/money/payments';
import { useMutation } from '@tanstack/react-query';
import { http, isApiError } from '../../../../lib/http.ts';

export function createTopUp(body: RechargeRequest): Promise<PaymentInfo> {
  return http.post('/api/wallet/recharge/v2', body, { schema: paymentInfoSchema });
}

/** Errors the user must fix (or may not retry); anything else is tried again. */
const final = (error: unknown) => isApiError(error) && [400, 401, 403, 404].includes(error.status);

/**
 * spec fastag §4 Add money / Retry: an order request is tried up to 3 times in total; after that
 * the caller shows "Something went wrong. Please try again.".
 */
export async function withOrderAttempts<T>(request: () => Promise<T>, attempts = ORDER_ATTEMPTS): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await request();
    } catch (error) {
      last = error;
      if (final(error)) break;
    }
  }
  throw last;
}

export const createTopUpWithAttempts = (body: RechargeRequest, attempts = ORDER_ATTEMPTS): Promise<PaymentInfo> =>
  withOrderAttempts(() => createTopUp(body), attempts);

export function useCreateTopUp() {
  return useMutation({ mutationFn: (body: RechargeRequest) => createTopUpWithAttempts(body) });
}
