import { type TransactionUpdateRequest, transactionUpdateResponseSchema } from '@bhada/contracts/money/payments';
import { http } from '../../../../lib/http.ts';

/** spec fastag §7.1: the "pay call" before the provider's process call; the server checks the charge. */
export function updateTransaction(body: TransactionUpdateRequest) {
  return http.post('/api/v2/transactions/update', body, { schema: transactionUpdateResponseSchema, quiet400: true });
}
