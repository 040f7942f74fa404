import { driverLinkResponseSchema } from '@bhada/contracts/trips/driver';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

const path = (tripId: string) => `/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/driver-link`;

/** The trip's driver link as the operator sees it: opened, last report, location (ADR 260). */
export const driverLinkQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripsKeys.driverLink(tripId),
    queryFn: ({ signal }) => http.get(path(tripId), { schema: driverLinkResponseSchema, signal }),
  });

export const useDriverLink = (tripId: string) => useQuery(driverLinkQueryOptions(tripId));

/** Reissue (a new link, texted to the driver; the old one stops) or switch off. The new address is shown once. */
export function useDriverLinkChange(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'reissue' | 'revoke') =>
      change === 'reissue'
        ? http.post(path(tripId), undefined, { schema: driverLinkResponseSchema })
        : http.delete(path(tripId), { schema: driverLinkResponseSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(tripsKeys.driverLink(tripId), data);
    },
  });
}
