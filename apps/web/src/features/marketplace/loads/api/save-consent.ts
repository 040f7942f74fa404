import type { LoadListResponse } from '@bhada/contracts/marketplace/loads';
import { useQueryClient } from '@tanstack/react-query';
import { useSaveConsent } from '../../../../lib/shared-data/consent.ts';
import { loadsKeys } from './loads-keys.ts';

/** Consent from the loads list (ADR 099's shared mutation, with this list's cache effects). */
export function useListConsent() {
  const queryClient = useQueryClient();
  return useSaveConsent({
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
