import { okSchema } from '@bhada/contracts/common';
import { alertRefSchema, biltiViewUrlsSchema, stateChangeWidgetSchema, type TripState } from '@bhada/contracts/trips/trips';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

const v2 = '/api/rest/tesseract/v2/trip';

export function notifyConsigner(input: { tripId: string; message?: string }) {
  return http.post(`${v2}/${encodeURIComponent(input.tripId)}/notifyconsigner`, input.message ? { message: input.message } : {}, {
    schema: okSchema,
  });
}

export const useNotifyConsigner = () => useMutation({ mutationFn: notifyConsigner, meta: { quiet: true } });

export const biltiQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripsKeys.bilti(tripId),
    queryFn: ({ signal }) =>
      http.get(`${v2}/document/${encodeURIComponent(tripId)}/bilti/view-urls`, { schema: biltiViewUrlsSchema, signal }),
    // the links are signed for 15 minutes
    staleTime: 5 * 60_000,
  });

export const useBilti = (tripId: string, enabled: boolean) => useQuery({ ...biltiQueryOptions(tripId), enabled });

export function sendFeedback(input: { tripId: string; action: string; rating?: number; comment?: string }) {
  return http.post('/api/odin/operator-app/trip/feedback-action', input, { schema: okSchema, quiet400: true });
}

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback, meta: { quiet: true } });

/** spec §7 advance-state-view: the state-change widget for the trip as it stands now. */
export const stageViewQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: tripsKeys.stageView(tripId),
    queryFn: () => http.post('/api/rest/tesseract/v1/trip/operator/advance-state-view', { tripId }, { schema: stateChangeWidgetSchema }),
  });

export const useStageView = (tripId: string, enabled: boolean) => useQuery({ ...stageViewQueryOptions(tripId), enabled });

export function sendStateAlert(input: { tripId: string; state: TripState; message?: string }) {
  return http.post(
    '/api/rest/tesseract/v1/trip/operator/state-change-alert',
    { tripId: input.tripId, state: input.state, alertType: 'STATE_CHANGE', message: input.message || undefined },
    { schema: alertRefSchema, quiet400: true },
  );
}

export function useSendStateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStateAlert,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}
