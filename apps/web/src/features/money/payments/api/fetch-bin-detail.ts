import type { PaymentInfo } from '@bhada/contracts/money/payments';
import { providerPost } from './provider-client.ts';

export type BinDetail = { paymentMode: 'CREDIT_CARD' | 'DEBIT_CARD'; channelCode?: string; issuingBank?: string };

/** spec fastag §5: the BIN lookup at 6 and at 16 digits; reads body.binDetail.paymentMode. */
export async function fetchBinDetail(info: PaymentInfo, cardNumber: string): Promise<BinDetail | undefined> {
  const body = await providerPost(
    info,
    '/fetchBinDetail',
    { bin: cardNumber.slice(0, 6), mid: info.merchantId, orderId: info.transactionCode },
    { channelId: 'WAP' },
  );
  const detail = body.binDetail as BinDetail | undefined;
  return detail && (detail.paymentMode === 'CREDIT_CARD' || detail.paymentMode === 'DEBIT_CARD') ? detail : undefined;
}
