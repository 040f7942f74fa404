import { loadDetailSchema } from '@bhada/contracts/marketplace/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { quotesKeys } from './quotes-keys.ts';

export function getLoadDetail(demandId: string, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v1/load/${encodeURIComponent(demandId)}`, { schema: loadDetailSchema, signal });
}

export const loadDetailQueryOptions = (demandId: string) =>
  queryOptions({
    queryKey: quotesKeys.load(demandId),
    queryFn: ({ signal }) => getLoadDetail(demandId, signal),
    // an auction screen must open on the current state; live events keep it current afterwards
    staleTime: 0,
  });

export const useLoadDetail = (demandId: string) => useQuery(loadDetailQueryOptions(demandId));
