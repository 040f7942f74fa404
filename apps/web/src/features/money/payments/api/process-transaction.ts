import { type PaymentInfo, type ProcessTransactionBody, processTransactionBodySchema } from '@bhada/contracts/money/payments';
import { providerPost } from './provider-client.ts';

export type ProcessInput =
  | { paymentMode: 'CREDIT_CARD' | 'DEBIT_CARD'; cardInfo: string; storeInstrument?: boolean }
  | { paymentMode: 'NET_BANKING'; channelCode: string }
  | { paymentMode: 'UPI'; payerAccount: string };

/** spec fastag §7.3: the payment attempt; head channelId WAP and txnToken. */
export async function processTransaction(info: PaymentInfo, input: ProcessInput): Promise<ProcessTransactionBody> {
  const { storeInstrument, ...rest } = input as ProcessInput & { storeInstrument?: boolean };
  const body = await providerPost(
    info,
    '/theia/api/v1/processTransaction',
    {
      requestType: 'NATIVE',
      mid: info.merchantId,
      orderId: info.transactionCode,
      ...rest,
      ...(input.paymentMode === 'CREDIT_CARD' || input.paymentMode === 'DEBIT_CARD'
        ? { storeInstrument: storeInstrument ? '1' : '0' }
        : {}),
    },
    { txnToken: info.checkSumHash, channelId: 'WAP' },
  );
  return processTransactionBodySchema.parse(body);
}
