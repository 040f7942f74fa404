import {
  consignerFiltersResponseSchema,
  consignerVehiclesResponseSchema,
  reportFileResponseSchema,
  reportRequestSchema,
  reportRequestsResponseSchema,
} from '@bhada/contracts/operations/operations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildHeaders, http } from '../../../../lib/http.ts';

export type VehicleFilters = { pageNo: number; state?: string; laneCode?: string; operatorId?: string; fromDate?: string; toDate?: string };

const keys = {
  vehicles: (f: VehicleFilters) => ['consigner', 'vehicles', f] as const,
  filters: () => ['consigner', 'vehicle-filters'] as const,
  reports: () => ['consigner', 'reports'] as const,
};

/** spec marketplace §7 Consigner vehicles: GET /vehicle/getConsignerVehicles (pageSize default 10). */
export const consignerVehiclesQueryOptions = (f: VehicleFilters) =>
  queryOptions({
    queryKey: keys.vehicles(f),
    queryFn: () =>
      http.get('/api/vehicle/getConsignerVehicles', { query: { ...f, pageSize: 10 }, schema: consignerVehiclesResponseSchema }),
    placeholderData: keepPreviousData,
  });
export const useConsignerVehicles = (f: VehicleFilters) => useQuery(consignerVehiclesQueryOptions(f));

export const useVehicleFilters = () =>
  useQuery({ queryKey: keys.filters(), queryFn: () => http.get('/api/vehicle/getFilters', { schema: consignerFiltersResponseSchema }) });

export const useReportRequests = () =>
  useQuery({
    queryKey: keys.reports(),
    queryFn: () => http.get('/api/consigner/reports', { schema: reportRequestsResponseSchema }),
    // a report is built by a job: look again while one is still being built
    refetchInterval: (query) => (query.state.data?.list.some((r) => r.status === 'BUILDING') ? 2_000 : false),
  });

/**
 * Downloads a built report through its short-lived signed link, telling the share received so far
 * (0–1) while the file arrives.
 */
export async function downloadBuiltReport(requestId: string, onProgress: (share: number) => void) {
  const { url, fileName } = await http.get(`/api/consigner/report/${encodeURIComponent(requestId)}/file`, {
    schema: reportFileResponseSchema,
  });
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error('download failed');
  const total = Number(res.headers.get('content-length')) || 0;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total) onProgress(Math.min(1, received / total));
  }
  onProgress(1);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(chunks as BlobPart[]));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** spec: GET /data/getVehicleByOperatorReport — the report is mailed. */
export function useMailReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (q: { reportType: string; email?: string; fromDate?: string; toDate?: string }) =>
      http.get('/api/data/getVehicleByOperatorReport', { query: q, schema: reportRequestSchema, quiet400: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.reports() }),
  });
}

/** The same workbook the mail carries, downloaded directly. */
export async function downloadReport(reportType: string) {
  const url = new URL('/api/consigner/report/download', window.location.origin);
  url.searchParams.set('reportType', reportType);
  const res = await fetch(url, { headers: buildHeaders(false) });
  if (!res.ok) throw new Error('download failed');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  // the server names the file for its period (trips-CN1001-start_2026-11-25.xlsx)
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  link.download = named ?? `${reportType.toLowerCase().replace(/_/g, '-')}.xlsx`;
  link.click();
  URL.revokeObjectURL(link.href);
}
