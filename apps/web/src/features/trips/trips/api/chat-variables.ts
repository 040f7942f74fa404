import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';

/** spec §7: POST chats/session/update-variables (tripId, referenceId, actionType) */
export function updateChatVariables(body: { tripId: string; referenceId?: string; actionType: string }) {
  return http.post('/api/rest/tesseract/v1/chats/session/update-variables', body, { schema: z.object({ ok: z.literal(true) }) });
}

export function useUpdateChatVariables() {
  return useMutation({ mutationFn: updateChatVariables, meta: { quiet: true } });
}
