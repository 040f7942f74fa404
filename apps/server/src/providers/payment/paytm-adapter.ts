import { CURRENCY } from '@bhada/contracts/money/payments';
import { readSignedAnswer } from './answer-text.ts';
import { signString, verifyParams } from './checksum.ts';
import { type PaymentProvider, ProviderError, paisaOf, rupeesText, type StatusProblem, type StatusResult } from './port.ts';

/** The slice of `fetch` the adapter needs; the sandbox mode swaps in an in-process transport. */
export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface PaytmOptions {
  name: 'sandbox' | 'paytm';
  mid: string;
  merchantKey: string;
  /** server-to-server base URL (the provider's host, or the sandbox's prefix) */
  apiBase: string;
  /** base URL the browser uses for its calls */
  browserHost: string;
  websiteName: string;
  transport?: Transport;
  timeoutMs?: number;
}

type ResultInfo = { resultStatus?: string; resultCode?: string; resultMsg?: string };
type AnswerBody = Record<string, unknown> & { resultInfo?: ResultInfo };

/** Minutes a transaction token lives (PAYMENT-GATEWAY.md step 1). */
export const TOKEN_MINUTES = 15;

/**
 * The real adapter (Paytm native checkout). Every server-to-server call is `{ head, body }` JSON with
 * `head.signature` over the exact JSON text of `body`; the same code talks to the sandbox.
 */
export function paytmAdapter(opts: PaytmOptions): PaymentProvider {
  const transport: Transport =
    opts.transport ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) }));

  async function call(path: string, query: Record<string, string>, body: Record<string, unknown>, head: Record<string, unknown>) {
    const bodyText = JSON.stringify(body);
    const signature = signString(bodyText, opts.merchantKey);
    const url = `${opts.apiBase}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    let res: Awaited<ReturnType<Transport>>;
    try {
      res = await transport(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"body":${bodyText},"head":${JSON.stringify({ ...head, signature })}}`,
      });
    } catch (err) {
      throw new ProviderError(`provider unreachable: ${(err as Error).message}`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new ProviderError(`provider answer unreadable: ${(err as Error).message}`);
    }
    const answer = readSignedAnswer(text, opts.merchantKey);
    if (!answer) throw new ProviderError(`provider answered ${res.status} without JSON`);
    if (res.status >= 500) throw new ProviderError(`provider answered ${res.status}`);
    return { body: answer.body as AnswerBody, signed: answer.signed };
  }

  return {
    name: opts.name,
    mid: opts.mid,
    host: opts.browserHost,

    async initiate(input) {
      const { body } = await call(
        '/theia/api/v1/initiateTransaction',
        { mid: opts.mid, orderId: input.orderId },
        {
          requestType: 'Payment',
          mid: opts.mid,
          websiteName: opts.websiteName,
          orderId: input.orderId,
          callbackUrl: input.callbackUrl,
          txnAmount: { value: rupeesText(input.amountPaisa), currency: CURRENCY },
          userInfo: { custId: input.customerId },
        },
        { channelId: 'WEB' },
      );
      const info = body.resultInfo ?? {};
      if (info.resultStatus !== 'S' || typeof body.txnToken !== 'string') {
        throw new ProviderError(info.resultMsg ?? 'initiateTransaction failed', info.resultCode);
      }
      return { txnToken: body.txnToken, expiresAt: new Date(Date.now() + TOKEN_MINUTES * 60_000) };
    },

    async updateAmount(input) {
      const { body } = await call(
        '/theia/api/v1/updateTransactionDetail',
        { mid: opts.mid, orderId: input.orderId },
        { txnAmount: { value: rupeesText(input.amountPaisa), currency: CURRENCY } },
        { txnToken: input.txnToken },
      );
      const info = body.resultInfo ?? {};
      if (info.resultStatus !== 'S') throw new ProviderError(info.resultMsg ?? 'updateTransactionDetail failed', info.resultCode);
    },

    async status(orderId): Promise<StatusResult> {
      const { body, signed } = await call('/v3/order/status', {}, { mid: opts.mid, orderId }, {});
      const info = body.resultInfo ?? {};
      const common = {
        amountPaisa: paisaOf(body.txnAmount),
        txnId: typeof body.txnId === 'string' ? body.txnId : undefined,
        bankTxnId: typeof body.bankTxnId === 'string' ? body.bankTxnId : undefined,
        paymentMode: typeof body.paymentMode === 'string' ? body.paymentMode : undefined,
        message: info.resultMsg ?? '',
        raw: body,
      };
      // The answer is the only word that credits money, so it must be this merchant's answer about this order,
      // signed with this merchant's key; anything else is refused whatever it says (ADR 221).
      const problem = answerProblem(body, signed, { mid: opts.mid, orderId });
      if (problem) return { status: 'UNVERIFIED', problem, ...common, message: `status answer refused: ${problem}` };
      // Decide by resultStatus, never by the bank's response codes (PAYMENT-GATEWAY.md step 4).
      // "334" (no such order / never attempted) is the one failure code read: it is not a payment failure. (unconfirmed)
      if (info.resultStatus === 'TXN_SUCCESS') return { status: 'SUCCESS', ...common };
      if (info.resultStatus === 'TXN_FAILURE') return { status: 'FAILURE', ...common };
      if (info.resultStatus === 'PENDING') return { status: 'PENDING', ...common };
      if (info.resultCode === '334') return { status: 'NOT_FOUND', ...common };
      return { status: 'ERROR', ...common };
    },

    verifyCallback(fields) {
      return typeof fields.CHECKSUMHASH === 'string' && verifyParams(fields, opts.merchantKey, fields.CHECKSUMHASH);
    },
  };
}

/** Statuses that report a transaction: such an answer must name this order and this merchant. */
const TRANSACTION_STATUSES = new Set(['TXN_SUCCESS', 'TXN_FAILURE', 'PENDING']);

/**
 * Why a status answer is not to be believed: an unsigned or wrongly signed body, or one about another order
 * or another merchant. An answer that reports a transaction must name both; any other answer may leave them out
 * but never name others.
 */
export function answerProblem(
  body: Record<string, unknown> & { resultInfo?: ResultInfo },
  signed: boolean,
  asked: { mid: string; orderId: string },
): StatusProblem | undefined {
  if (!signed) return 'SIGNATURE';
  const reportsTxn = TRANSACTION_STATUSES.has(body.resultInfo?.resultStatus ?? '');
  if (body.orderId !== asked.orderId && (reportsTxn || body.orderId !== undefined)) return 'ORDER_ID';
  if (body.mid !== asked.mid && (reportsTxn || body.mid !== undefined)) return 'MERCHANT_ID';
  return undefined;
}
