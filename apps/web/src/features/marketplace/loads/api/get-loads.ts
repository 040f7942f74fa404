import { loadListResponseSchema, type OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { loadsKeys } from './loads-keys.ts';

export const LOADS_PAGE_SIZE = 20;

/**
 * The load board's filters (values from `active-loads/search-option`): a city, or one of my saved places
 * (`originPlace`, `destinationPlace`: loads near it, ADR 115).
 */
export type LoadFilters = {
  origin?: string;
  destination?: string;
  originPlace?: string;
  destinationPlace?: string;
  vehicleType?: string;
};
export const LOAD_FILTER_KEYS = ['origin', 'destination', 'originPlace', 'destinationPlace', 'vehicleType'] as const;

export function getLoads(stateId: OperatorLoadState, pageNo: number, signal?: AbortSignal, filters: LoadFilters = {}) {
  return http.get('/api/rest/tesseract/v1/load', {
    query: { 'state-id': stateId, pageNo, pageSize: LOADS_PAGE_SIZE, ...filters },
    schema: loadListResponseSchema,
    signal,
  });
}

export const loadsQueryOptions = (stateId: OperatorLoadState, pageNo: number, filters: LoadFilters = {}) =>
  queryOptions({
    queryKey: loadsKeys.list(stateId, pageNo, filters),
    queryFn: ({ signal }) => getLoads(stateId, pageNo, signal, filters),
    placeholderData: keepPreviousData,
    // quotes and consents made on the details page change the tabs: always re-read on return
    staleTime: 0,
    // open loads close by the minute: keep the board fresh while it is on screen
    refetchInterval: 60_000,
  });

export const useLoads = (stateId: OperatorLoadState, pageNo: number, filters: LoadFilters = {}) =>
  useQuery(loadsQueryOptions(stateId, pageNo, filters));
