import { type AdvanceStateRequest, stateChangeWidgetSchema } from '@bhada/contracts/trips/trips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function advanceState(body: AdvanceStateRequest) {
  return http.post('/api/rest/tesseract/v1/trip/operator/advance-state', body, { schema: stateChangeWidgetSchema });
}

export function useAdvanceState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: advanceState, onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }) });
}
