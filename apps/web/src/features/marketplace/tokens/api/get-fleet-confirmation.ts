import { fleetLoadConfirmationSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

export const getFleetConfirmation = (demandId: string, signal?: AbortSignal) =>
  http.get('/api/rest/tesseract/v1/token-detail', { query: { demandId }, schema: fleetLoadConfirmationSchema, signal });

export const fleetConfirmationQueryOptions = (demandId: string) =>
  queryOptions({ queryKey: tokensKeys.confirmation(demandId), queryFn: ({ signal }) => getFleetConfirmation(demandId, signal) });

export const useFleetConfirmation = (demandId: string) =>
  useQuery({ ...fleetConfirmationQueryOptions(demandId), enabled: Boolean(demandId) });
