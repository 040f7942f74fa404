import { tripListResponseSchema } from '@bhada/contracts/trips/trips';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { podKeys } from './pod-keys.ts';

export function useAdminPodQueue(pageNo: number) {
  return useQuery(
    queryOptions({
      queryKey: podKeys.adminQueue(pageNo),
      queryFn: ({ signal }) =>
        http.get('/api/admin/trips', { query: { state: 'POD_SUBMITTED', pageNo }, schema: tripListResponseSchema, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

const ref = z.object({ tripId: z.string() });

export function verifyPod(input: { tripId: string; deductions: Array<{ reason: string; amountInPaisa: number }> }) {
  return http.post(`/api/admin/trips/${encodeURIComponent(input.tripId)}/pod/verify`, { deductions: input.deductions }, { schema: ref });
}

export function rejectPod(input: { tripId: string; reason: string }) {
  return http.post(`/api/admin/trips/${encodeURIComponent(input.tripId)}/pod/reject`, { reason: input.reason }, { schema: ref });
}

export function useDecidePod() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: podKeys.all });
  return { verify: useMutation({ mutationFn: verifyPod, onSuccess }), reject: useMutation({ mutationFn: rejectPod, onSuccess }) };
}

/** PODs waiting for review: the count on the admin's home dashboard. */
export const adminPodQueueQueryOptions = () =>
  queryOptions({
    queryKey: podKeys.adminQueue(0),
    queryFn: ({ signal }) =>
      http.get('/api/admin/trips', { query: { state: 'POD_SUBMITTED', pageNo: 0 }, schema: tripListResponseSchema, signal }),
  });
