import { consentResponseSchema } from '@bhada/contracts/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function saveConsent(input: { demandId: string; loadConsent: 'ACCEPTED' | 'REJECTED' }) {
  return http.put(
    `/api/rest/tesseract/v1/load/${encodeURIComponent(input.demandId)}/consent`,
    { loadConsent: input.loadConsent },
    { schema: consentResponseSchema },
  );
}

export function useSaveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsent,
    // spec §4: on reject the load leaves the list at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
