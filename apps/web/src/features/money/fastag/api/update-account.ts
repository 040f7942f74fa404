import { type AccountRequest, accountResponseSchema } from '@bhada/contracts/money/fastag';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

/** PUT /api/fastag/account: the toggle {id, recharge, minBal} or the minimum {fastagId, minBalance, autoRechargeActivate}. */
export function updateAccount(body: AccountRequest) {
  return http.put('/api/fastag/account', body, { schema: accountResponseSchema, quiet400: true });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...fastagKeys.all, 'list'] }),
  });
}
