import {
  consigneeListResponseSchema,
  consignmentListResponseSchema,
  consignmentSchema,
  deleteConsignmentResponseSchema,
  lanesResponseSchema,
  loadTypesResponseSchema,
  type UpdateConsignmentRequest,
} from '@bhada/contracts/operations/operations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';

export const operationsKeys = {
  all: ['operations'] as const,
  list: (q: { pageNo: number; search?: string }) => ['operations', 'consignments', q] as const,
  consignment: (cId: string) => ['operations', 'consignment', cId] as const,
  lookups: () => ['operations', 'lookups'] as const,
  docket: (cCode: string) => ['operations', 'docket', cCode] as const,
  collections: (code: string) => ['operations', 'collections', code] as const,
  scheduled: (q: unknown) => ['operations', 'scheduled', q] as const,
  vehicle: (kind: string, id: string) => ['operations', 'vehicle', kind, id] as const,
};

export const useConsignmentList = (q: { pageNo: number; search?: string }) =>
  useQuery({
    queryKey: operationsKeys.list(q),
    queryFn: () => http.get('/api/admin/consignment/list', { query: { ...q, pageSize: 20 }, schema: consignmentListResponseSchema }),
    placeholderData: keepPreviousData,
  });

/** spec §7 Consignment admin: GET /admin/consignment/get (cId). */
export const useConsignment = (cId: string | undefined) =>
  useQuery({
    queryKey: operationsKeys.consignment(cId ?? ''),
    queryFn: () => http.get('/api/admin/consignment/get', { query: { cId }, schema: consignmentSchema }),
    enabled: Boolean(cId),
  });

/** The load-type, lane and consignee lookups the edit form needs. */
export const useConsignmentLookups = () =>
  useQuery({
    queryKey: operationsKeys.lookups(),
    queryFn: async () => {
      const [loadTypes, lanes, consignees] = await Promise.all([
        http.get('/api/vehicle/loadType', { schema: loadTypesResponseSchema }),
        http.get('/api/lanes/getLanes', { schema: lanesResponseSchema }),
        http.get('/api/consignee/list', { schema: consigneeListResponseSchema }),
      ]);
      return { loadTypes: loadTypes.loadTypes, lanes: lanes.lanes, consignees: consignees.consignees };
    },
    staleTime: 5 * 60_000,
  });

export function useUpdateConsignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsignmentRequest) =>
      http.post('/api/admin/consignment/update', body, { schema: consignmentSchema, quiet400: true }),
    onSuccess: (saved) => {
      client.setQueryData(operationsKeys.consignment(saved.cId), saved);
      void client.invalidateQueries({ queryKey: ['operations', 'consignments'] });
    },
  });
}

export function useDeleteConsignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cId: string) => http.get('/api/admin/consignment/delete', { query: { cId }, schema: deleteConsignmentResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.all }),
  });
}
