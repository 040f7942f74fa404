import { signParams } from '../checksum.ts';
import { rupeesText } from '../port.ts';
import { BANK_NAMES, CALLBACK_MODE, NB_CHANNELS, schemeOf } from './catalogue.ts';
import type { SandboxOrder } from './sandbox.repository.ts';

/** The bank a payment went through, as the provider names it on its callback and status answers. */
export function bankNameOf(row: SandboxOrder): string {
  if (row.paymentMode === 'NET_BANKING') return NB_CHANNELS.find((c) => c.channelCode === row.channelCode)?.channelName ?? '';
  if (row.paymentMode === 'UPI') return row.payerAccount?.split('@')[1]?.toUpperCase() ?? '';
  const scheme = row.cardBin ? schemeOf(row.cardBin) : undefined;
  return scheme ? BANK_NAMES[scheme] : '';
}

/** The provider-style callback form (uppercase fields, CHECKSUMHASH over the sorted values). */
export function callbackFields(cfg: { merchantKey: string }, row: SandboxOrder): Record<string, string> {
  const fields: Record<string, string> = {
    BANKNAME: bankNameOf(row),
    BANKTXNID: row.bankTxnId ?? '',
    CURRENCY: 'INR',
    GATEWAYNAME: row.paymentMode === 'NET_BANKING' ? (row.channelCode ?? '') : row.paymentMode === 'UPI' ? 'UPI' : 'HDFC',
    MID: row.mid,
    ORDERID: row.orderId,
    PAYMENTMODE: CALLBACK_MODE[row.paymentMode ?? ''] ?? '',
    RESPCODE: row.respCode ?? '',
    RESPMSG: row.respMsg ?? '',
    STATUS: row.status,
    TXNAMOUNT: rupeesText(row.amountPaisa),
    TXNDATE: row.updatedAt.toISOString().replace('T', ' ').slice(0, 19),
    TXNID: row.txnId ?? '',
  };
  return { ...fields, CHECKSUMHASH: signParams(fields, cfg.merchantKey) };
}
