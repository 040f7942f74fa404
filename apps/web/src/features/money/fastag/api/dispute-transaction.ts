import { disputeResponseSchema } from '@bhada/contracts/money/fastag';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { fastagKeys } from './fastag-keys.ts';

export function disputeTransaction(txnId: string) {
  return http.post(`/api/fastag/transactions/${encodeURIComponent(txnId)}/dispute`, {}, { schema: disputeResponseSchema });
}

export function useDisputeTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...fastagKeys.all, 'transactions'] }),
  });
}
