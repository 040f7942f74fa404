import { tripPodDetailsSchema } from '@bhada/contracts/trips/pod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { podKeys } from './pod-keys.ts';

export function getPodDetails(tripId: string, signal?: AbortSignal) {
  return http.get('/api/odin/operator-app/trip-pod-details', { query: { tripId }, schema: tripPodDetailsSchema, signal });
}

export function podDetailsQueryOptions(tripId: string) {
  return queryOptions({ queryKey: podKeys.details(tripId), queryFn: ({ signal }) => getPodDetails(tripId, signal) });
}

export function usePodDetails(tripId: string) {
  return useQuery(podDetailsQueryOptions(tripId));
}
