import { tripTrackingSchema } from '@bhada/contracts/trips/tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../../lib/http.ts';

export const trackingKeys = { all: ['tracking'] as const, trip: (tripId: string) => ['tracking', 'trip', tripId] as const };

/** `state` is what the page shows: a changed trip answers 409 and the client reloads (spec §4) */
export function getTracking(tripId: string, state: string | undefined, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/tracking`, {
    query: { state },
    schema: tripTrackingSchema,
    signal,
  });
}

export function trackingQueryOptions(tripId: string, state: string | undefined) {
  return queryOptions({
    queryKey: [...trackingKeys.trip(tripId), state],
    queryFn: ({ signal }) => getTracking(tripId, state, signal),
    refetchInterval: 30_000,
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 409)) && count < 2,
  });
}

export function useTracking(tripId: string, state: string | undefined, enabled = true) {
  return useQuery({ ...trackingQueryOptions(tripId, state), enabled });
}
