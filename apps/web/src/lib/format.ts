import { groupIndianDigits } from '@bhada/contracts/money/amounts';
import { IST_OFFSET_MINUTES, IST_TIME_ZONE } from '@bhada/contracts/time';
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

/**
 * Counts and weights with Indian digit grouping (12,34,567) and at most three decimals, rounded half away from
 * zero as `Intl.NumberFormat('en-IN')` does; money goes through `@bhada/contracts/money`. Written out so a page
 * makes no Intl formatter (ADR 187); a number JavaScript writes with an exponent still goes through Intl.
 */
export function formatNumber(value: number): string {
  const shortest = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(shortest)) return new Intl.NumberFormat('en-IN').format(value);
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = BigInt(whole + fraction.slice(0, 3).padEnd(3, '0'));
  if (fraction.length > 3 && fraction.charCodeAt(3) >= 53) digits += 1n;
  const text = digits.toString().padStart(4, '0');
  const kept = text.slice(-3).replace(/0+$/, '');
  const grouped = groupIndianDigits(text.slice(0, -3));
  const sign = value < 0 && digits !== 0n ? '-' : '';
  return `${sign}${grouped}${kept ? `.${kept}` : ''}`;
}

type DateInput = string | number | Date | dayjs.Dayjs;

/**
 * Epoch seconds (the wire format of fromTime/toTime) or ISO strings, shown in IST. India's offset is fixed,
 * so the instant is shifted by it instead of asking the zone database through Intl (`.tz()`), which cost
 * about 14 times as much per date and was the largest part of a long list's render (ADR 184).
 */
export function toIst(value: DateInput): dayjs.Dayjs {
  const input = typeof value === 'number' && value < 1e12 ? value * 1000 : value;
  return dayjs(input).utcOffset(IST_OFFSET_MINUTES);
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
