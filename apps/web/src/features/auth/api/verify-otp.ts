import type { VerifyOtpRequest, VerifyOtpResponse } from '@bhada/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { storage } from '../../../lib/storage.ts';

export async function verifyOtp(body: VerifyOtpRequest) {
  // the schema library arrives with the first request, not with the login page (ADR 151)
  const { verifyOtpResponseSchema } = await import('@bhada/contracts/auth');
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

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    meta: { quiet: true },
    onSuccess: (session) => {
      // whatever the previous user had cached must not leak into this session
      queryClient.clear();
      storeSession(session);
      // the account's language wins over the device's, so screen and locale header agree
      void setLanguage(session.locale);
    },
  });
}
