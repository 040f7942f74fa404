import { phonebookResponseSchema } from '@bhada/contracts/marketplace/tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

export const getPhonebook = (demandId: string, signal?: AbortSignal) =>
  http.get(`/api/rest/tesseract/v1/token/${encodeURIComponent(demandId)}/phonebook-driver-info`, {
    schema: phonebookResponseSchema,
    signal,
  });

export const phonebookQueryOptions = (demandId: string) =>
  queryOptions({ queryKey: tokensKeys.phonebook(demandId), queryFn: ({ signal }) => getPhonebook(demandId, signal) });

export const usePhonebook = (demandId: string) => useQuery(phonebookQueryOptions(demandId));
