import { z } from 'zod';

/**
 * The one money module (ADR 096): amounts are integer paisa everywhere inside the product; rupees
 * appear only where the spec puts them on the wire (the Fastag and add-money area) and on screen.
 * Server and web both use these functions, so there is one parsing rule, one rounding rule and one
 * formatting rule.
 */
declare const paisaBrand: unique symbol;
/** An exact whole number of paisa (1 rupee = 100 paisa). */
export type Paisa = number & { readonly [paisaBrand]: 'Paisa' };

/** The largest amount any single business movement may carry: ₹10 crore. */
export const MAX_MOVEMENT_PAISA = 1_000_000_000;

/** Business bounds, one place (ADR 077). */
export const MONEY_LIMITS = {
  /** a single toll or toll reversal */
  toll: 5_000_000,
  /** one add-money top-up: ₹1,00,000 */
  topUp: 10_000_000,
  /** one tag recharge: ₹1,00,000 */
  recharge: 10_000_000,
  /** freight of one load or consignment: ₹1 crore */
  freight: 1_000_000_000,
} as const satisfies Record<string, number>;

/** Brands a number that is already a whole number of paisa; throws on anything else (a programming error). */
export function asPaisa(value: number): Paisa {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of paisa: ${value}`);
  return value as Paisa;
}

const RUPEE_TEXT = /^(-)?(\d{1,13})(?:\.(\d+))?$/;

/**
 * Rupees (a number or numeric text, commas allowed as grouping) → paisa, or null when it is not a number.
 * The one rounding rule: the decimal text is read exactly and rounded half away from zero at the
 * paisa, so 1.005 is 101 paisa (binary floating point would give 100).
 */
export function parseRupees(value: unknown): Paisa | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = numberToPlainText(value);
  } else if (typeof value === 'string') {
    text = value.trim().replace(/[₹\s]/g, '').replace(/,/g, '');
  } else {
    return null;
  }
  const match = RUPEE_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.padEnd(3, '0');
  let paisa = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) paisa += 1;
  if (!Number.isSafeInteger(paisa)) return null;
  return (sign ? -paisa : paisa) as Paisa;
}

/** A number's decimal text without exponent notation (1e-7 → "0.0000001"). */
function numberToPlainText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * An amount typed into a form or sent in a body (a number or plain numeric text): paisa when it is a
 * non-negative amount with at most two decimals and at most `max` paisa, else null. Stricter than
 * `parseRupees`: no grouping, no sign, and a third decimal is refused rather than rounded.
 */
export function parseRupeeAmount(value: unknown, max: number = MAX_MOVEMENT_PAISA): Paisa | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? numberToPlainText(value) : '') : typeof value === 'string' ? value.trim() : '';
  const paisa = /^\d+(\.\d{1,2})?$/.test(text) ? parseRupees(text) : null;
  return paisa === null || paisa > max ? null : paisa;
}

/** Rupees as a JavaScript number → paisa by the one rounding rule. */
export function rupeesToPaisa(rupees: number): Paisa {
  const paisa = parseRupees(rupees);
  if (paisa === null) throw new RangeError(`not an amount in rupees: ${rupees}`);
  return paisa;
}

/** Paisa → rupees as a number with at most two decimals (for the spec's rupee fields on the wire). */
export function paisaToRupees(paisa: number): number {
  return paisa / 100;
}

/** Paisa as the plain rupee text a form field starts from: 3455000 → "34550", 1250 → "12.50". */
export function paisaToRupeeText(paisa: number): string {
  const sign = paisa < 0 ? '-' : '';
  const magnitude = Math.abs(paisa);
  const whole = Math.trunc(magnitude / 100);
  const paise = magnitude % 100;
  return paise === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(paise).padStart(2, '0')}`;
}

/**
 * A whole number's digits with Indian grouping: "1234567" → "12,34,567" (the last three, then pairs). Written
 * out rather than asked of `Intl.NumberFormat`: the first Intl formatter a page makes loads the locale data,
 * 45–95 ms of the main thread on a desktop core and four times that on a cheap phone (ADR 187).
 */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

export interface FormatMoneyOptions {
  /** 'always' prints two decimals (checkout amounts: "₹19.90"); 'auto' drops ".00" (default) */
  decimals?: 'auto' | 'always';
}

/** Paisa as ₹ with Indian digit grouping: 123456789 → "₹12,34,567.89"; a negative amount as "−₹5". */
export function formatPaisa(paisa: number, options: FormatMoneyOptions = {}): string {
  const magnitude = Math.round(Math.abs(paisa));
  const whole = groupIndianDigits(String(Math.trunc(magnitude / 100)));
  const paise = magnitude % 100;
  const text = options.decimals === 'always' || paise !== 0 ? `₹${whole}.${String(paise).padStart(2, '0')}` : `₹${whole}`;
  return paisa < 0 ? `−${text}` : text;
}

/** Rupees (a number) as ₹ with Indian grouping. */
export function formatRupees(rupees: number, options: FormatMoneyOptions = {}): string {
  return formatPaisa(rupeesToPaisa(rupees), options);
}

/** spec fastag §5: the message for an amount that is not a valid amount. */
export const INVALID_AMOUNT_MESSAGE = 'Invalid amount';

/** An amount field in paisa on the wire (`…InPaisa`): a whole, non-negative number within a bound. */
export function paisaAmountSchema(max: number = MAX_MOVEMENT_PAISA, message = INVALID_AMOUNT_MESSAGE) {
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(max, message)
    .transform((value) => value as Paisa);
}

/**
 * An amount in rupees on the wire (a number or numeric text, at most 2 decimals) → paisa, within a
 * bound; more than two decimals is refused rather than rounded, as the spec's forms do.
 */
export function rupeeAmountSchema(max: number = MAX_MOVEMENT_PAISA, message = INVALID_AMOUNT_MESSAGE) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const paisa = parseRupeeAmount(value, max);
    if (paisa === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return paisa;
  });
}
