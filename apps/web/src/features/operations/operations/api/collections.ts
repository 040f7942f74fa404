import { type CreateCollectionRequest, collectionEnumsResponseSchema, collectionsResponseSchema } from '@bhada/contracts/operations/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, newIdempotencyKey } from '../../../../lib/http.ts';
import { operationsKeys } from './consignments.ts';

export const useCollectionEnums = () =>
  useQuery({
    queryKey: ['operations', 'collection-enums'],
    queryFn: () => http.get('/api/trips/collection/enums', { schema: collectionEnumsResponseSchema }),
    staleTime: Infinity,
  });

/** spec: GET /trips/collection (code). */
export const useCollections = (code: string) =>
  useQuery({
    queryKey: operationsKeys.collections(code),
    queryFn: () => http.get('/api/trips/collection', { query: { code }, schema: collectionsResponseSchema }),
  });

/** spec: POST /trips/collection — one idempotency key per submit, so a double tap records once. */
export function useRecordCollection(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCollectionRequest & { key?: string }) => {
      const { key, ...payload } = body;
      return http.post('/api/trips/collection', payload, {
        schema: collectionsResponseSchema,
        quiet400: true,
        idempotencyKey: key ?? newIdempotencyKey(),
      });
    },
    onSuccess: (saved) => client.setQueryData(operationsKeys.collections(code), saved),
  });
}
