import { callResponseSchema } from '@bhada/contracts/marketplace/loads';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';

/**
 * spec §7 `GET /odin/v2/{id}/call`: whom to call about a load — the load desk, or the loading
 * point's contact once the operator's token is paid. Asked on tap, so the number is current.
 */
export const getCallContact = (demandId: string) =>
  http.get(`/api/odin/v2/${encodeURIComponent(demandId)}/call`, { schema: callResponseSchema });

export const useCallContact = () => useMutation({ mutationFn: getCallContact, meta: { quiet: true } });
