import { http } from '../../../../lib/http.ts';

/** How far the code of one request has got (issue 46); the login page polls it while it waits. */
export async function getOtpDelivery(requestId: string) {
  const { otpDeliverySchema } = await import('@bhada/contracts/account/auth');
  return http.get(`/api/auth/otp/${encodeURIComponent(requestId)}/delivery`, { schema: otpDeliverySchema, quiet400: true });
}
