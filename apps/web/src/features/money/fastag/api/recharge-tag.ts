import { type RechargeRequest, rechargeResponseSchema } from '@bhada/contracts/money/fastag';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { refreshWalletBalance } from '../../../../lib/shared-data/wallet-balance.ts';
import { fastagKeys } from './fastag-keys.ts';

/** One recharge attempt; `idempotencyKey` belongs to the user's action, so a retry moves money once. */
export type RechargeVariables = { body: RechargeRequest; idempotencyKey: string };

export function rechargeTag({ body, idempotencyKey }: RechargeVariables) {
  // the dialog shows a refusal itself (spec fastag §8: the server message in a popup)
  return http.post('/api/fastag/recharge', body, { schema: rechargeResponseSchema, quiet400: true, idempotencyKey });
}

export function useRechargeTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rechargeTag,
    meta: { quiet: true },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: fastagKeys.all }), refreshWalletBalance(queryClient)]),
  });
}
