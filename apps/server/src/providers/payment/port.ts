/**
 * The payment-provider port (PAYMENT-GATEWAY.md): what the order pipeline needs from a provider.
 * The browser talks to the provider directly (options, BIN, VPA, net banking, process) at `host`.
 */

export interface InitiateInput {
  orderId: string;
  amountPaisa: number;
  customerId: string;
  callbackUrl: string;
}

/** UNVERIFIED: the answer's signature, order id or merchant id is not the one asked about; never acted on */
export type ProviderStatus = 'SUCCESS' | 'FAILURE' | 'PENDING' | 'NOT_FOUND' | 'ERROR' | 'UNVERIFIED';

/** What made a status answer unbelievable (the amount is weighed against the order by the settlement). */
export type StatusProblem = 'SIGNATURE' | 'ORDER_ID' | 'MERCHANT_ID';

export interface StatusResult {
  status: ProviderStatus;
  /** what the provider collected, in paisa (parsed from its decimal string, never a float) */
  amountPaisa?: number;
  txnId?: string;
  bankTxnId?: string;
  paymentMode?: string;
  /** set with status UNVERIFIED */
  problem?: StatusProblem;
  message: string;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paytm';
  readonly mid: string;
  /** base URL of the browser-facing calls (spec fastag §7.3) */
  readonly host: string;
  /** signed initiateTransaction: returns the 15-minute transaction token */
  initiate(input: InitiateInput): Promise<{ txnToken: string; expiresAt: Date }>;
  /** signed updateTransactionDetail: the amount to collect once the mode (and its charge) is known */
  updateAmount(input: { orderId: string; txnToken: string; amountPaisa: number }): Promise<void>;
  /** signed order status: the only word that credits money */
  status(orderId: string): Promise<StatusResult>;
  /** checks the CHECKSUMHASH of the callback's form fields */
  verifyCallback(fields: Record<string, string>): boolean;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** "123.45" → 12345 paisa, exactly; undefined when the text is not a two-decimal amount. */
export function paisaOf(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 12345 paisa → "123.45" (the provider's txnAmount.value format). */
export function rupeesText(paisa: number): string {
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;
}
