import { z } from 'zod';

// The account area: field rules.

export const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PIN_RE = /^[1-9][0-9]{5}$/;
export const GSTIN_RE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Indian registration numbers: MH12AB1234, DL1CAB1234, 22BH1234AA */
export const VEHICLE_NUMBER_RE = /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$/;

const GST_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character: a base-36 weighted sum of the first 14 (the GSTN's published rule). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GST_CHARS.indexOf(first14[i] ?? '');
    if (v < 0) return '';
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GST_CHARS[(36 - (sum % 36)) % 36] ?? '';
}

export function isValidGstin(value: string): boolean {
  return GSTIN_RE.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

/** Message keys: the server answers the English text, the web shows `account.errors.<key>` in en or hi. */
export const ACCOUNT_MESSAGES = {
  pan: 'Enter a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)',
  gstin: 'Enter a valid 15-character GSTIN (its last character is a check digit)',
  gstinPan: 'The GSTIN must contain the same PAN',
  ifsc: 'Enter a valid IFSC (4 letters, 0, then 6 letters or digits, e.g. SBIN0001234)',
  email: 'Enter a valid email address',
  pinCode: 'Enter a valid 6-digit PIN code',
  accountNumber: 'Enter a valid bank account number (9 to 18 digits)',
  name: 'Enter a name',
  vehicleNumber: 'Enter valid vehicle numbers (e.g. RJ14GB1234)',
  vehicleCount: 'A declaration under section 194C(6) covers at most 10 goods carriages',
  notOwnVehicle: 'List only vehicles in your own fleet',
  notOwnOpCode: 'Use your own operator code',
  fleetTooLarge: 'Your fleet has more than 10 goods carriages, so section 194C(6) does not apply',
  futureDate: 'The date cannot be in the future',
  period: 'The period must lie within one financial year (1 April to 31 March) and start before it ends',
  overlap: 'A declaration already covers part of this period',
  profileSaved: 'Profile updated successfully',
  configSaved: 'Settings updated successfully',
  declarationSaved: 'Declaration submitted successfully',
  undertakingSaved: 'Undertaking submitted successfully',
  declarationNotFound: 'Declaration not found',
  policyAccepted: 'Policy accepted',
  policyVersion: 'This is not the current version of the policy; please read the latest one',
  unsubscribed: 'You will no longer receive onboarding messages',
  eventTooLarge: 'Event properties are too large',
} as const;

const upper = (s: string) => s.trim().toUpperCase();
export const panSchema = z.string().transform(upper).pipe(z.string().regex(PAN_RE, ACCOUNT_MESSAGES.pan));
export const gstinSchema = z.string().transform(upper).pipe(z.string().refine(isValidGstin, ACCOUNT_MESSAGES.gstin));
export const ifscSchema = z.string().transform(upper).pipe(z.string().regex(IFSC_RE, ACCOUNT_MESSAGES.ifsc));
export const emailSchema = z
  .string()
  .trim()
  .max(120, ACCOUNT_MESSAGES.email)
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(EMAIL_RE, ACCOUNT_MESSAGES.email));
export const pinCodeSchema = z.string().trim().regex(PIN_RE, ACCOUNT_MESSAGES.pinCode);
export const nameSchema = z.string().trim().min(2, ACCOUNT_MESSAGES.name).max(100, ACCOUNT_MESSAGES.name);
/** yyyy-MM-dd */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-04-01');
