import { loadRefSchema } from '@bhada/contracts/marketplace/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function changeAward(input: { demandId: string; operatorId: string; reason: string }) {
  return http.post(
    `/api/rest/tesseract/v1/demand/${encodeURIComponent(input.demandId)}/award`,
    { operatorId: input.operatorId, reason: input.reason },
    { schema: loadRefSchema, quiet400: true },
  );
}

export function useChangeAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAward,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
