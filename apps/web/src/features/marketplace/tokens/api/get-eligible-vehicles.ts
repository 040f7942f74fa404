import { eligibleVehiclesResponseSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

export const getEligibleVehicles = (demandId: string, signal?: AbortSignal) =>
  http.get(`/api/rest/tesseract/v1/demand/${encodeURIComponent(demandId)}/vehicles`, { schema: eligibleVehiclesResponseSchema, signal });

export const eligibleVehiclesQueryOptions = (demandId: string) =>
  queryOptions({ queryKey: tokensKeys.vehicles(demandId), queryFn: ({ signal }) => getEligibleVehicles(demandId, signal) });

export const useEligibleVehicles = (demandId: string) => useQuery(eligibleVehiclesQueryOptions(demandId));
