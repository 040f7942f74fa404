import { type TripOtpRequest, tripOtpResponseSchema } from '@bhada/contracts/trips/trips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

/** Without `otp` sends the stage code to the consigner's contact; with it, verifies and moves the trip. */
export function stageOtp(body: TripOtpRequest) {
  return http.post('/api/rest/tesseract/v1/trip/otp', body, { schema: tripOtpResponseSchema, quiet400: true });
}

export function useStageOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stageOtp,
    meta: { quiet: true },
    onSuccess: (data) => {
      if (data.verified) void queryClient.invalidateQueries({ queryKey: tripsKeys.all });
    },
  });
}
