import { docketResponseSchema, type SaveDocketRequest } from '@bhada/contracts/operations/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildHeaders, http } from '../../../../lib/http.ts';
import { putFile } from '../../../../lib/upload.ts';
import { operationsKeys } from './consignments.ts';

/** spec: GET /consignment/getDocket (cCode) — the docket, its invoices, e-way bill and action window. */
export const useDocket = (cCode: string) =>
  useQuery({
    queryKey: operationsKeys.docket(cCode),
    queryFn: () => http.get('/api/consignment/getDocket', { query: { cCode }, schema: docketResponseSchema }),
  });

export function useSaveDocket(cCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDocketRequest) =>
      http.post('/api/consignment/saveDocket', body, { schema: docketResponseSchema, quiet400: true }),
    onSuccess: (saved) => client.setQueryData(operationsKeys.docket(cCode), saved),
  });
}

export function useDeleteDocket(cCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete('/api/consignment/deleteDocket', { query: { cCode } }),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.docket(cCode) }),
  });
}

export function useDeleteInvoice(cCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => http.delete('/api/consignment/deleteInvoice', { query: { invoiceId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.docket(cCode) }),
  });
}

/** Uploads an invoice photo or PDF through a signed URL; answers the key to save with the invoice. */
export async function uploadInvoiceFile(cCode: string, file: File): Promise<string> {
  const { uploadUrl, fileKey } = await http.post<{ uploadUrl: string; fileKey: string }>('/api/consignment/invoice/upload-url', {
    cCode,
    fileName: file.name,
  });
  await putFile(uploadUrl, file, file.type || 'application/octet-stream');
  return fileKey;
}

/** Opens the printable docket (lorry receipt) PDF in a new tab. */
export async function openDocketPdf(cCode: string) {
  const url = new URL('/api/consignment/docket-pdf', window.location.origin);
  url.searchParams.set('cCode', cCode);
  const res = await fetch(url, { headers: buildHeaders(false) });
  if (!res.ok) throw new Error('pdf failed');
  window.open(URL.createObjectURL(await res.blob()), '_blank', 'noopener');
}
