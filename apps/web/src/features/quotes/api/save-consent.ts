import { consentResponseSchema } from '@bhada/contracts/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { quotesKeys } from './quotes-keys.ts';

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
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: quotesKeys.load(input.demandId) }),
  });
}
