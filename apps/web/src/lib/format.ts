import { IST_TIME_ZONE } from '@bhada/contracts/time';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getDateLanguage } from './date-language.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Month and day-part names follow the chosen language ("02 मार्च 2026"); the digits stay Latin, as on Indian bills. */
export { setDateLanguage } from './date-language.ts';

/** The portal shows India time whatever the device's zone (ARCHITECTURE §5). */
export const IST = IST_TIME_ZONE;

const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});
const numberFormat = new Intl.NumberFormat('en-IN');

/** ₹ with Indian grouping: 1234567.5 → ₹12,34,567.5 */
export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}

const checkoutFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money being paid, always with paise (₹19.90, ₹1,000.00): checkout, fees and payment results. */
export function formatRupeesExact(rupees: number): string {
  return checkoutFormat.format(rupees);
}

/** Integer paisa to rupees; integer arithmetic keeps money exact until the last step. */
export function paisaToRupees(paisa: number): number {
  return paisa / 100;
}

export function rupeesToPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}

export function formatPaisa(paisa: number): string {
  return formatRupees(paisaToRupees(paisa));
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

type DateInput = string | number | Date | dayjs.Dayjs;

/** Epoch seconds (the wire format of fromTime/toTime) or ISO strings, shown in IST. */
export function toIst(value: DateInput): dayjs.Dayjs {
  const input = typeof value === 'number' && value < 1e12 ? value * 1000 : value;
  return dayjs(input).tz(IST);
}

export function formatDate(value: DateInput): string {
  return toIst(value).locale(getDateLanguage()).format('DD MMM YYYY');
}

export function formatDateTime(value: DateInput): string {
  return toIst(value).locale(getDateLanguage()).format('DD MMM YYYY, hh:mm A');
}

/** spec: marketplace §6 — night is 20:00 to 07:59 India time. */
export function isNight(value: DateInput = Date.now()): boolean {
  const hour = toIst(value).hour();
  return hour >= 20 || hour < 8;
}
