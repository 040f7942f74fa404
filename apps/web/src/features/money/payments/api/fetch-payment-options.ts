import { type PaymentInfo, paymentOptionsBodySchema } from '@bhada/contracts/money/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsKeys } from './payments-keys.ts';
import { providerPost } from './provider-client.ts';

export async function fetchPaymentOptions(info: PaymentInfo) {
  const body = await providerPost(info, '/theia/api/v2/fetchPaymentOptions', { mid: info.merchantId, orderId: info.transactionCode });
  return paymentOptionsBodySchema.parse(body);
}

export const paymentOptionsQueryOptions = (info: PaymentInfo) =>
  queryOptions({
    queryKey: paymentsKeys.options(info.transactionCode),
    queryFn: () => fetchPaymentOptions(info),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function usePaymentOptions(info: PaymentInfo | undefined) {
  return useQuery({ ...paymentOptionsQueryOptions(info as PaymentInfo), enabled: Boolean(info) });
}
