import type { SendOtpRequest } from '@bhada/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export async function sendOtp(body: SendOtpRequest) {
  // the schema library arrives with the first request, not with the login page (ADR 151)
  const { sendOtpResponseSchema } = await import('@bhada/contracts/auth');
  // the login form shows the server's message next to the field, not in the global snackbar
  return http.post('/api/auth/otp', body, { schema: sendOtpResponseSchema, quiet400: true });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp, meta: { quiet: true } });
}
