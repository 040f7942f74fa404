/**
 * The sandbox's own conventions (PAYMENT-GATEWAY.md: "ours, not the provider's"). They are shown on
 * the bank page and in ADR 051, so a tester or a script can drive every outcome.
 */

export const SANDBOX_OTP = '123456';

/** BINs the sandbox treats as credit cards; every other BIN is a debit card. */
export const CREDIT_BINS = ['411111', '555555', '510510'] as const;

/** This card (any CVV, any future expiry) is always declined by its "bank". */
export const DECLINED_CARD = '4000000000000002';
/** This CVV declines any card. */
export const DECLINED_CVV = '000';

/** UPI addresses whose name part names the outcome: success@…, failure@…, pending@…; invalid@… fails validation. */
export const MAGIC_VPA = /^(success|failure|pending)@/i;
export const INVALID_VPA = /^invalid@/i;

export type Scheme = 'VISA' | 'MASTER' | 'RUPAY';

export function schemeOf(bin: string): Scheme | undefined {
  if (/^4/.test(bin)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(bin)) return 'MASTER';
  if (/^(60|65|81|82|508)/.test(bin)) return 'RUPAY';
  return undefined;
}

export function cardTypeOf(bin: string): 'CREDIT_CARD' | 'DEBIT_CARD' {
  return (CREDIT_BINS as readonly string[]).includes(bin) ? 'CREDIT_CARD' : 'DEBIT_CARD';
}

export const NB_CHANNELS = [
  { channelCode: 'SBI', channelName: 'State Bank of India', color: '#1a5ba6' },
  { channelCode: 'HDFC', channelName: 'HDFC Bank', color: '#004c8f' },
  { channelCode: 'ICICI', channelName: 'ICICI Bank', color: '#b02a30' },
  { channelCode: 'AXIS', channelName: 'Axis Bank', color: '#97144d' },
  { channelCode: 'PNB', channelName: 'Punjab National Bank', color: '#a20a3a' },
  { channelCode: 'BOB', channelName: 'Bank of Baroda', color: '#f15a22' },
  { channelCode: 'KOTAK', channelName: 'Kotak Mahindra Bank', color: '#ed1c24' },
] as const;

export const BANK_NAMES: Record<Scheme, string> = { VISA: 'HDFC Bank', MASTER: 'ICICI Bank', RUPAY: 'State Bank of India' };

/** A small bank logo: the bank code on its colour (served as SVG, no external assets). */
export function bankIconSvg(code: string): string | undefined {
  const ch = NB_CHANNELS.find((c) => c.channelCode === code);
  if (!ch) return undefined;
  const label = ch.channelCode.slice(0, 5);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${ch.color}"/><text x="32" y="38" font-family="Arial,sans-serif" font-size="${label.length > 4 ? 13 : 16}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`;
}

/** Paytm's short mode codes on the callback (CC/DC/NB/UPI). */
export const CALLBACK_MODE: Record<string, string> = { CREDIT_CARD: 'CC', DEBIT_CARD: 'DC', NET_BANKING: 'NB', UPI: 'UPI' };
