import { consentResponseSchema } from '@bhada/contracts/marketplace/loads';
import { type DefaultError, type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { http } from '../http.ts';

export type ConsentInput = { demandId: string; loadConsent: 'ACCEPTED' | 'REJECTED' };
type ConsentResponse = Awaited<ReturnType<typeof saveConsent>>;

/** spec marketplace §4: accept or reject a load offered to me. */
export function saveConsent(input: ConsentInput) {
  return http.put(
    `/api/rest/tesseract/v1/load/${encodeURIComponent(input.demandId)}/consent`,
    { loadConsent: input.loadConsent },
    { schema: consentResponseSchema },
  );
}

/**
 * The one consent mutation (ADR 099): the loads list and a load's details both use it and add only
 * what their own screen's cache needs (an optimistic removal, a refetch) through `options`.
 */
export function useSaveConsent<TContext = unknown>(
  options: Omit<UseMutationOptions<ConsentResponse, DefaultError, ConsentInput, TContext>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: saveConsent });
}
