import { useQueryClient } from '@tanstack/react-query';
import { useSaveConsent } from '../../../../lib/shared-data/consent.ts';
import { quotesKeys } from './quotes-keys.ts';

/** Consent from a load's details (ADR 099's shared mutation); the details are read again after it. */
export function useLoadConsent() {
  const queryClient = useQueryClient();
  return useSaveConsent({
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: quotesKeys.load(input.demandId) }),
  });
}
