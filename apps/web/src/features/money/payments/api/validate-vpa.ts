import type { PaymentInfo } from '@bhada/contracts/money/payments';
import { providerPost } from './provider-client.ts';

/** spec fastag §4 UPI: the provider verifies the address; reads body.valid. */
export async function validateVpa(info: PaymentInfo, vpa: string): Promise<boolean> {
  const body = await providerPost(info, '/theia/api/v1/vpa/validate', { vpa });
  return body.valid === true;
}
