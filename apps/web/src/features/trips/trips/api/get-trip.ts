import { tripDetailV2Schema } from '@bhada/contracts/trips/trips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function getTrip(tripId: string, signal?: AbortSignal) {
  return http.get(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}`, { schema: tripDetailV2Schema, signal });
}

export function tripQueryOptions(tripId: string) {
  return queryOptions({ queryKey: tripsKeys.detail(tripId), queryFn: ({ signal }) => getTrip(tripId, signal) });
}

export function useTrip(tripId: string) {
  return useQuery(tripQueryOptions(tripId));
}
