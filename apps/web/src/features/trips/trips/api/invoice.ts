import { invoiceSchema, uploadUrlResponseSchema, viewUrlResponseSchema } from '@bhada/contracts/trips/trips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http, request } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

const base = (tripId: string) => `/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/invoice`;

export function getInvoiceUploadUrl(tripId: string, file: string) {
  return http.get(`${base(tripId)}/upload-url`, { query: { file }, schema: uploadUrlResponseSchema });
}

export function attachInvoice(input: { tripId: string; filePath: string; invoiceNumber?: string }) {
  // the shared client has no patch helper; request() is its general form
  return request('PATCH', base(input.tripId), {
    body: { filePath: input.filePath, invoiceNumber: input.invoiceNumber || undefined },
    schema: invoiceSchema.nullable(),
    quiet400: true,
  });
}

export function deleteInvoice(tripId: string) {
  return http.delete(base(tripId), { schema: z.object({ ok: z.literal(true) }) });
}

export function getInvoiceViewUrl(tripId: string, filePath: string) {
  return http.get(`${base(tripId)}/view-url`, { query: { filePath }, schema: viewUrlResponseSchema });
}

export function useAttachInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachInvoice,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }) });
}
