import { downloadTokenResponseSchema, type ReportName } from '@bhada/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { http } from './http.ts';

/**
 * Asks for a short-lived download link just before opening it in a new tab (ADR 043): one helper for every statement, Fastag and wallet alike. The tab is
 * opened first, synchronously, so the browser does not treat it as an unrequested pop-up.
 */
export async function openStatement(report: ReportName, params: Record<string, string | number>) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await http.post(
      '/api/reports/download-token',
      { report, params },
      { schema: downloadTokenResponseSchema, quiet400: true },
    );
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

export function useOpenStatement() {
  return useMutation({
    mutationFn: (v: { report: ReportName; params: Record<string, string | number> }) => openStatement(v.report, v.params),
    meta: { quiet: true },
  });
}
