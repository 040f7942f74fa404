import { quoteQualityResponseSchema } from '@bhada/contracts/marketplace/quotes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { quotesKeys } from './quotes-keys.ts';

export function getQuoteQuality(demandId: string, value: number | null, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v1/load/${encodeURIComponent(demandId)}/quote-quality`, {
    query: { value: value ?? undefined },
    schema: quoteQualityResponseSchema,
    signal,
  });
}

export const quoteQualityQueryOptions = (demandId: string, value: number | null) =>
  queryOptions({
    queryKey: quotesKeys.quality(demandId, value),
    queryFn: ({ signal }) => getQuoteQuality(demandId, value, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useQuoteQuality = (demandId: string, value: number | null) => useQuery(quoteQualityQueryOptions(demandId, value));
