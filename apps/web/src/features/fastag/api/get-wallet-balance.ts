import { walletBalanceResponseSchema } from '@bhada/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

/** The wallet balance shown in the Fastag top bar and checked before a recharge. */
export function getWalletBalance(signal?: AbortSignal) {
  return http.get('/api/wallet', { schema: walletBalanceResponseSchema, signal });
}

export function walletBalanceQueryOptions() {
  return queryOptions({ queryKey: fastagKeys.wallet(), queryFn: ({ signal }) => getWalletBalance(signal) });
}

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
