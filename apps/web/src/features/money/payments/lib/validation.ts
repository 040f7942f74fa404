import { CARD_NUMBER_LENGTH, NEW_CARD_CVV_LENGTH, UPI_PATTERN } from '@bhada/contracts/money/payments';

/**
 * The checkout's field rules (spec fastag §5). Each returns an i18n key with its values, or
 * undefined when the value is fine, so the same rule reads in English and Hindi.
 */
export type Problem = { key: string; values?: Record<string, unknown> };

function exactDigits(value: string, length: number): Problem | undefined {
  if (!value) return { key: 'payments:errors.required' };
  if (!/^\d+$/.test(value)) return { key: 'payments:errors.onlyDigits' };
  if (value.length > length) return { key: 'payments:errors.maxLength', values: { n: length } };
  if (value.length < length) return { key: 'payments:errors.minLength', values: { n: length } };
  return undefined;
}

/** Luhn: the card "validity message" the spec mentions without its text. */
export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardNumberProblem(value: string): Problem | undefined {
  return exactDigits(value, CARD_NUMBER_LENGTH) ?? (luhnOk(value) ? undefined : { key: 'payments:errors.invalidCard' });
}

export const newCvvProblem = (value: string) => exactDigits(value, NEW_CARD_CVV_LENGTH);

/** Saved card CVV: digits only, exactly the card's cvvLength (empty is simply "not yet"). */
export function savedCvvProblem(value: string, cvvLength: number): Problem | undefined {
  if (!value) return undefined;
  return exactDigits(value, cvvLength);
}

/** "MMYY" typed → "MM/YY" shown. */
export function maskExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** MM/YY: complete, month 1–12 and not in the past (marketplace §5), else Invalid Date. */
export function expiryProblem(value: string, now = new Date()): Problem | undefined {
  if (!value) return { key: 'payments:errors.required' };
  const m = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!m) return { key: 'payments:errors.invalidDate' };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { key: 'payments:errors.invalidDate' };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return { key: 'payments:errors.invalidDate' };
  return undefined;
}

/** MM/YY → the provider's MMYYYY. */
export const expiryForProvider = (value: string) => `${value.slice(0, 2)}20${value.slice(3, 5)}`;

export const nameProblem = (value: string): Problem | undefined => (value.trim() ? undefined : { key: 'payments:errors.required' });

export function upiProblem(value: string): Problem | undefined {
  return UPI_PATTERN.test(value.trim()) ? undefined : { key: 'payments:errors.invalidUpi' };
}
