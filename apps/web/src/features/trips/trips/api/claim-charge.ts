import { type ChargeRequest, type ChargeType, chargeRefSchema, policyExpensesResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function useExpensePolicy(tripId: string, type: ChargeType) {
  return useQuery(
    queryOptions({
      queryKey: tripsKeys.policy(tripId, type),
      queryFn: ({ signal }) =>
        http.get(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/policy/expenses`, {
          query: { type },
          schema: policyExpensesResponseSchema,
          signal,
        }),
    }),
  );
}

export function claimCharge({ tripId, ...body }: ChargeRequest & { tripId: string }) {
  return http.post(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/charges`, body, { schema: chargeRefSchema, quiet400: true });
}

export function useClaimCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimCharge,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}
