import { paymentWalletResponseSchema } from '@bhada/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** spec "GET /rest/tesseract/v1/payment/wallet": the balance the membership is paid from, in paisa. */
export const getWalletBalance = (signal?: AbortSignal) =>
  http.get('/api/rest/tesseract/v1/payment/wallet', { schema: paymentWalletResponseSchema, signal });

export const walletBalanceQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.wallet(), queryFn: ({ signal }) => getWalletBalance(signal) });

export const useWalletBalance = () => useQuery(walletBalanceQueryOptions());
