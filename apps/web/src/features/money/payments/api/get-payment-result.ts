import { paymentResultSchema } from '@bhada/contracts/money/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { paymentsKeys } from './payments-keys.ts';

export function getPaymentResult(orderId: string) {
  return http.get(`/api/v2/transactions/${encodeURIComponent(orderId)}`, { schema: paymentResultSchema });
}

export const paymentResultQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: paymentsKeys.result(orderId), queryFn: () => getPaymentResult(orderId), staleTime: 0 });

export function usePaymentResult(orderId: string) {
  return useQuery(paymentResultQueryOptions(orderId));
}
