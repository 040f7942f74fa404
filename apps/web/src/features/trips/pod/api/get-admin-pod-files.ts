import { tripPodDetailsSchema } from '@bhada/contracts/trips/pod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { podKeys } from './pod-keys.ts';

export function useAdminPodFiles(tripId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...podKeys.details(tripId), 'admin'],
      queryFn: ({ signal }) => http.get(`/api/admin/trips/${encodeURIComponent(tripId)}/pod`, { schema: tripPodDetailsSchema, signal }),
    }),
  );
}
