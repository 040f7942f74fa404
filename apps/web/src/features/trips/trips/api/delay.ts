import { delayResponseSchema, reasonsResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export type DelayType = 'LOADING' | 'TRANSIT' | 'UNLOADING';

/** spec §3 Trip remarks: heading, slots, info widget and what was reported before. */
export const delayQueryOptions = (tripId: string, type: DelayType) =>
  queryOptions({
    queryKey: tripsKeys.delay(tripId, type),
    queryFn: ({ signal }) =>
      http.get(`/api/rest/tesseract/v1/trip/${encodeURIComponent(tripId)}/delay`, { query: { type }, schema: delayResponseSchema, signal }),
  });

export function useDelay(tripId: string, type: DelayType, enabled: boolean) {
  return useQuery({ ...delayQueryOptions(tripId, type), enabled });
}

/** The reasons for an action come from `v2/trip/{id}/reasons` (spec §7). */
export function useReasons(tripId: string, action: 'DELAY' | 'REMARK', enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tripsKeys.reasons(tripId, action),
      queryFn: ({ signal }) =>
        http.get(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/reasons`, {
          query: { action },
          schema: reasonsResponseSchema,
          signal,
        }),
      enabled,
    }),
  );
}

export function reportDelay(input: { tripId: string; type: DelayType; reasonCode: string; remarks?: string; expectedAt?: string }) {
  const { tripId, ...body } = input;
  return http.patch(`/api/rest/tesseract/v1/trip/${encodeURIComponent(tripId)}/delay`, body, {
    schema: delayResponseSchema,
    quiet400: true,
  });
}

export function useReportDelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportDelay,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}
