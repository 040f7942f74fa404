import { demandListResponseSchema, demandQuotesResponseSchema } from '@bhada/contracts/marketplace/loads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

/** A consigner's own loads (an admin gets every consigner's). */
export function getDemands(pageNo: number, signal?: AbortSignal) {
  return http.get('/api/rest/tesseract/v1/demand', { query: { pageNo, pageSize: 20 }, schema: demandListResponseSchema, signal });
}

export const demandsQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: loadsKeys.demands(pageNo),
    queryFn: ({ signal }) => getDemands(pageNo, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useDemands = (pageNo: number) => useQuery(demandsQueryOptions(pageNo));

export function getDemandQuotes(demandId: string, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v1/demand/${encodeURIComponent(demandId)}/quotes`, { schema: demandQuotesResponseSchema, signal });
}

export const demandQuotesQueryOptions = (demandId: string) =>
  queryOptions({
    queryKey: loadsKeys.demandQuotes(demandId),
    queryFn: ({ signal }) => getDemandQuotes(demandId, signal),
    refetchInterval: 15_000,
  });

export const useDemandQuotes = (demandId: string | undefined) =>
  useQuery({ ...demandQuotesQueryOptions(demandId ?? ''), enabled: Boolean(demandId) });
