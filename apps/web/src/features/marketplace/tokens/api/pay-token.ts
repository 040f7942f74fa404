import { payTokenResponseSchema, tokenSchema, type VehicleDetailsRequest } from '@bhada/contracts/marketplace/tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tokensKeys } from './tokens-keys.ts';

export const saveVehicleDetails = (demandId: string, body: VehicleDetailsRequest) =>
  http.post(`/api/rest/tesseract/v1/token/${encodeURIComponent(demandId)}/vehicle-details`, body, { schema: tokenSchema, quiet400: true });

export const initiateToken = (demandId: string) =>
  http.post(`/api/rest/tesseract/v1/demand/${encodeURIComponent(demandId)}/initiate-token`, undefined, {
    schema: tokenSchema,
    quiet400: true,
  });

/**
 * The shared HTTP client sends no idempotency-key header; the server then keys the payment by the
 * load (`demand:{id}`), so a double tap or a retry still debits once (ADR 024).
 */
export const payToken = (demandId: string) =>
  http.post(`/api/rest/tesseract/v1/token/${encodeURIComponent(demandId)}/pay-token`, undefined, {
    schema: payTokenResponseSchema,
    quiet400: true,
  });

/** vehicle-details → initiate-token → pay-token as one step of the screen. */
export function usePayToken(demandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (details: VehicleDetailsRequest) => {
      await saveVehicleDetails(demandId, details);
      await initiateToken(demandId);
      return payToken(demandId);
    },
    meta: { quiet: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKeys.all }),
  });
}
