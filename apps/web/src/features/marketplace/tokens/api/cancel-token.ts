import { cancelTokenPreviewSchema, cancelTokenResponseSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

const base = (demandId: string) => `/api/rest/tesseract/v1/token/${encodeURIComponent(demandId)}`;

/** What a cancel would refund now (ADR 025); fetched fresh each time the dialog opens. */
export const cancelPreviewQueryOptions = (demandId: string) =>
  queryOptions({
    queryKey: tokensKeys.cancelPreview(demandId),
    queryFn: ({ signal }) => http.get(`${base(demandId)}/cancel-preview`, { schema: cancelTokenPreviewSchema, signal }),
    staleTime: 0,
  });

export const useCancelPreview = (demandId: string, enabled: boolean) => useQuery({ ...cancelPreviewQueryOptions(demandId), enabled });

/** One idempotency key per confirmation: a retry after a dropped connection refunds once. */
export function cancelToken(input: { demandId: string; idempotencyKey: string }) {
  return http.post(`${base(input.demandId)}/cancel`, undefined, {
    schema: cancelTokenResponseSchema,
    idempotencyKey: input.idempotencyKey,
    quiet400: true,
  });
}

export function useCancelToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelToken,
    meta: { quiet: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKeys.all }),
  });
}
