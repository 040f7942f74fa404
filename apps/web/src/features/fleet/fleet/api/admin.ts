import { adminGpsOrderSchema, documentSchema, reviewItemSchema } from '@bhada/contracts/fleet/fleet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { fleetKeys } from './fleet-keys.ts';

export const useReviewQueue = (status: 'PENDING' | 'VERIFIED' | 'REJECTED') =>
  useQuery({
    queryKey: fleetKeys.adminDocs(status),
    queryFn: ({ signal }) => http.get('/api/admin/fleet/documents', { query: { status }, schema: z.array(reviewItemSchema), signal }),
  });

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: string; reason?: string }) =>
      reason === undefined
        ? http.post(`/api/admin/fleet/documents/${encodeURIComponent(documentId)}/verify`, undefined, { schema: documentSchema })
        : http.post(
            `/api/admin/fleet/documents/${encodeURIComponent(documentId)}/reject`,
            { reason },
            { schema: documentSchema, quiet400: true },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

export const useAdminGpsOrders = () =>
  useQuery({
    queryKey: fleetKeys.adminGps(),
    queryFn: ({ signal }) => http.get('/api/admin/fleet/gps-orders', { schema: z.array(adminGpsOrderSchema), signal }),
  });

export function useMoveGpsOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      status,
      scheduledFor,
    }: {
      orderId: string;
      status: 'SCHEDULED' | 'INSTALLED' | 'CANCELLED';
      scheduledFor?: string;
    }) =>
      http.post(
        `/api/admin/fleet/gps-orders/${encodeURIComponent(orderId)}/move`,
        { status, scheduledFor },
        { schema: adminGpsOrderSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.adminGps() }),
  });
}
