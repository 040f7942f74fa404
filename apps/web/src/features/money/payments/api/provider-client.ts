import type { PaymentInfo } from '@bhada/contracts/money/payments';

/**
 * The browser's calls to the payment provider (spec fastag §7.3): `{ head, body }` JSON to the
 * provider's host, authenticated by the transaction token — not the portal's API, so not lib/http.
 */
export type ProviderAnswer = { body?: Record<string, unknown> & { resultInfo?: { resultStatus?: string; resultMsg?: string } } };

export class ProviderCallError extends Error {}

export async function providerPost(
  info: Pick<PaymentInfo, 'host' | 'merchantId' | 'transactionCode' | 'checkSumHash'>,
  path: string,
  body: Record<string, unknown>,
  head: Record<string, unknown> = {},
): Promise<NonNullable<ProviderAnswer['body']>> {
  const url = new URL(`${info.host}${path}`, window.location.origin);
  url.searchParams.set('mid', info.merchantId);
  url.searchParams.set('orderId', info.transactionCode);
  let response: Response;
  try {
    response = await fetch(url.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ head: { tokenType: 'TXN_TOKEN', token: info.checkSumHash, ...head }, body }),
    });
  } catch {
    throw new ProviderCallError('network');
  }
  const answer = (await response.json().catch(() => ({}))) as ProviderAnswer;
  if (!answer.body) throw new ProviderCallError(`provider answered ${response.status}`);
  return answer.body;
}
