import { downloadTokenResponseSchema, type ReportName } from '@bhada/contracts/money/wallet';
import { useMutation } from '@tanstack/react-query';
import { http } from './http.ts';

const askForLink = (report: ReportName, params: Record<string, string | number>) =>
  http.post('/api/reports/download-token', { report, params }, { schema: downloadTokenResponseSchema, quiet400: true });

/**
 * Asks for a short-lived download link just before using it (ADR 043): one helper for every
 * statement, Fastag and wallet alike.
 *
 * A PDF opens in a new tab; that tab is opened first, synchronously, so the browser does not treat it
 * as an unrequested pop-up. A workbook is a download (the server names it for its period): it is
 * saved from this page through a link, so no empty tab is left behind (ADR 141).
 */
export async function openStatement(report: ReportName, params: Record<string, string | number>) {
  if (params.reportFormat !== 'pdf') {
    const { url } = await askForLink(report, params);
    const link = document.createElement('a');
    link.href = url;
    // an empty download attribute keeps the server's file name (Content-Disposition)
    link.download = '';
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const { url } = await askForLink(report, params);
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
