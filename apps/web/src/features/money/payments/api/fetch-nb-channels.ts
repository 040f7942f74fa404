import { type PaymentInfo, payChannelSchema } from '@bhada/contracts/money/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paymentsKeys } from './payments-keys.ts';
import { providerPost } from './provider-client.ts';

const schema = z.object({ nbPayOption: z.object({ payChannelOptions: z.array(payChannelSchema) }).optional() });

export async function fetchNbChannels(info: PaymentInfo) {
  const body = schema.parse(await providerPost(info, '/theia/api/v1/fetchNBPaymentChannels', { type: 'MERCHANT' }));
  return body.nbPayOption?.payChannelOptions ?? [];
}

export const nbChannelsQueryOptions = (info: PaymentInfo) =>
  queryOptions({
    queryKey: paymentsKeys.nbChannels(info.transactionCode),
    queryFn: () => fetchNbChannels(info),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useNbChannels(info: PaymentInfo | undefined) {
  return useQuery({ ...nbChannelsQueryOptions(info as PaymentInfo), enabled: Boolean(info) });
}
