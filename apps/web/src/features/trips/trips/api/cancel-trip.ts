import { cancelConfirmationSchema, cancelResponseSchema, reasonsResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

const base = (tripId: string) => `/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}`;

export function useCancelReasons(tripId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tripsKeys.reasons(tripId, 'CANCEL'),
      queryFn: ({ signal }) => http.get(`${base(tripId)}/cancel-reasons`, { schema: reasonsResponseSchema, signal }),
      enabled,
    }),
  );
}

export function useCancelConfirmation(tripId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tripsKeys.cancelConfirmation(tripId),
      queryFn: ({ signal }) => http.get(`${base(tripId)}/cancel-confirmation`, { schema: cancelConfirmationSchema, signal }),
      enabled,
    }),
  );
}

export function cancelTrip(input: { tripId: string; reasonCode: string; remarks?: string }) {
  return http.post(
    `${base(input.tripId)}/cancel`,
    { reasonCode: input.reasonCode, remarks: input.remarks || undefined },
    { schema: cancelResponseSchema },
  );
}

export function useCancelTrip() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelTrip, onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }) });
}
