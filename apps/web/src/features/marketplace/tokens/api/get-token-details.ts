import { tokenDetailsSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

export const getTokenDetails = (demandId: string, signal?: AbortSignal) =>
  http.get(`/api/rest/tesseract/v1/demand/${encodeURIComponent(demandId)}/token-details`, { schema: tokenDetailsSchema, signal });

export const tokenDetailsQueryOptions = (demandId: string) =>
  queryOptions({ queryKey: tokensKeys.details(demandId), queryFn: ({ signal }) => getTokenDetails(demandId, signal) });

export const useTokenDetails = (demandId: string) => useQuery(tokenDetailsQueryOptions(demandId));
