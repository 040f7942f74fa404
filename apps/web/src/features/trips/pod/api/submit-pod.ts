import { type SubmitPodRequest, submitPodResponseSchema } from '@bhada/contracts/trips/pod';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';

export function submitPod(body: SubmitPodRequest) {
  return http.post('/api/rest/tesseract/v1/trip/submit-pod', body, { schema: submitPodResponseSchema, quiet400: true });
}

export function useSubmitPod() {
  return useMutation({ mutationFn: submitPod, meta: { quiet: true } });
}
