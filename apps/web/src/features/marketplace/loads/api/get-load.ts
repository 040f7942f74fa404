import { loadDetailSchema } from '@bhada/contracts/marketplace/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export function getLoad(demandId: string, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v1/load/${encodeURIComponent(demandId)}`, { schema: loadDetailSchema, signal });
}

export const loadQueryOptions = (demandId: string) =>
  queryOptions({ queryKey: loadsKeys.detail(demandId), queryFn: ({ signal }) => getLoad(demandId, signal) });

export const useLoad = (demandId: string) => useQuery(loadQueryOptions(demandId));
