import { quoteViewSchema } from '@bhada/contracts/marketplace/loads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { quotesKeys } from './quotes-keys.ts';

export function submitQuote(input: { demandId: string; value: number }) {
  return http.put(
    `/api/rest/tesseract/v1/load/${encodeURIComponent(input.demandId)}/quote`,
    { value: input.value },
    { schema: quoteViewSchema, quiet400: true },
  );
}

/** spec §4 quote post states: posting (isPending) / posted (isSuccess) / failed (isError). */
export function useSubmitQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuote,
    meta: { quiet: true },
    onSuccess: (_view, input) => queryClient.invalidateQueries({ queryKey: quotesKeys.load(input.demandId) }),
  });
}
