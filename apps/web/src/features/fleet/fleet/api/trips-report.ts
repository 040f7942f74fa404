import type { TripsReportQuery } from '@bhada/contracts/fleet/fleet';
import { ApiError, buildHeaders } from '../../../../lib/http.ts';
import { i18n } from '../../../../lib/i18n.ts';

/**
 * Downloads the trips report (ADR 102): the server sends the finished file with its length, so the
 * bytes read so far over Content-Length is real progress. The file is saved through a link, keeping
 * the server's name for it.
 */
export async function downloadTripsReport(query: TripsReportQuery, onProgress: (fraction: number | null) => void, signal?: AbortSignal) {
  const url = new URL('/api/fleet/reports/trips', window.location.origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url.toString(), { headers: { ...buildHeaders(false), accept: '*/*' }, signal, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', i18n.t('common:networkError'));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: string; errorCode?: string; field?: string } | undefined;
    throw new ApiError(res.status, body?.errorCode ?? 'INTERNAL', body?.message ?? i18n.t('common:somethingWentWrong'), body?.field);
  }
  const total = Number(res.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(total ? 0 : null);
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(total ? Math.min(1, received / total) : null);
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  onProgress(1);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `trips-report.${query.format}`;
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { name, bytes: received };
}
