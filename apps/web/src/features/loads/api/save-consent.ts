import { consentResponseSchema, type LoadListResponse } from '@bhada/contracts/loads';
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
    // spec §4: a rejected load leaves the list at once, before the server has answered
    onMutate: async (input) => {
      if (input.loadConsent !== 'REJECTED') return;
      const lists = [...loadsKeys.all, 'list'] as const;
      await queryClient.cancelQueries({ queryKey: lists });
      queryClient.setQueriesData<LoadListResponse>({ queryKey: lists }, (page) =>
        page
          ? {
              ...page,
              loads: page.loads.filter((l) => l.demandId !== input.demandId),
              totalCount: Math.max(0, page.totalCount - (page.loads.some((l) => l.demandId === input.demandId) ? 1 : 0)),
            }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadsKeys.all }),
  });
}
