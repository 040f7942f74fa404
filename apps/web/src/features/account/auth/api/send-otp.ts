import type { SendOtpRequest } from '@bhada/contracts/account/auth';
import { http } from '../../../../lib/http.ts';

/**
 * The login page's calls are plain functions, not query hooks: the query library stays out of the first
 * screen's JavaScript (ADR 170); the page keeps its own pending state and shows its own errors.
 */
export async function sendOtp(body: SendOtpRequest) {
  // the schema library arrives with the first request, not with the login page (ADR 151)
  const { sendOtpResponseSchema } = await import('@bhada/contracts/account/auth');
  // the login form shows the server's message next to the field, not in the global snackbar
  return http.post('/api/auth/otp', body, { schema: sendOtpResponseSchema, quiet400: true });
}
