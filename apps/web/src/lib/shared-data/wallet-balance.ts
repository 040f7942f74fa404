import { paymentWalletResponseSchema } from '@bhada/contracts/money/wallet';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';
import { sharedKeys } from './keys.ts';

/**
 * spec "GET /rest/tesseract/v1/payment/wallet": the operator's wallet balance in exact paisa. The
 * Fastag top bar, the recharge check, the membership's pay-from figure and the home page all read
 * this one query (ADR 099); it is the wallet call every role that sees or spends the balance may make.
 */
export function getWalletBalance(signal?: AbortSignal) {
  return http.get('/api/rest/tesseract/v1/payment/wallet', { schema: paymentWalletResponseSchema, signal });
}

export function walletBalanceQueryOptions() {
  return queryOptions({ queryKey: sharedKeys.walletBalance(), queryFn: ({ signal }) => getWalletBalance(signal) });
}

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}

/** After anything that moves wallet money: every screen showing the balance reads it again. */
export function refreshWalletBalance(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sharedKeys.walletBalance() });
}
