import type { VerifyOtpRequest, VerifyOtpResponse } from '@bhada/contracts/account/auth';
import { http } from '../../../../lib/http.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { clearQueryCache } from '../../../../lib/query-cache.ts';
import { storage } from '../../../../lib/storage.ts';

export async function verifyOtp(body: VerifyOtpRequest) {
  // the schema library arrives with the first request, not with the login page (ADR 151)
  const { verifyOtpResponseSchema } = await import('@bhada/contracts/account/auth');
  return http.post('/api/auth/verify', body, { schema: verifyOtpResponseSchema, quiet400: true });
}

export function storeSession(session: VerifyOtpResponse): void {
  storage.setMany({
    accessToken: session.accessToken,
    userCode: session.userCode,
    operatorId: session.operatorId,
    name: session.name,
    locale: session.locale,
    menuType: session.menuType,
  });
}

/** Verifies the code and starts the session it answers. */
export async function signIn(body: VerifyOtpRequest): Promise<VerifyOtpResponse> {
  const session = await verifyOtp(body);
  // whatever the previous user had cached must not leak into this session
  clearQueryCache();
  storeSession(session);
  // the account's language wins over the device's, so screen and locale header agree
  void setLanguage(session.locale);
  return session;
}
