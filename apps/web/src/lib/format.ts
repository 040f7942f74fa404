import { IST_TIME_ZONE } from '@bhada/contracts/time';
import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Month and day-part names follow the chosen language ("02 मार्च 2026"); the digits stay Latin, as on Indian bills. */
let dateLanguage: 'en' | 'hi' = 'en';
export function setDateLanguage(language: 'en' | 'hi'): void {
  dateLanguage = language;
}

/** The portal shows India time whatever the device's zone (ARCHITECTURE §5). */
export const IST = IST_TIME_ZONE;

const numberFormat = new Intl.NumberFormat('en-IN');

/** Counts and weights with Indian digit grouping (12,34,567); money goes through `@bhada/contracts/money`. */
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
  return toIst(value).locale(dateLanguage).format('DD MMM YYYY');
}

export function formatDateTime(value: DateInput): string {
  return toIst(value).locale(dateLanguage).format('DD MMM YYYY, hh:mm A');
}

/** spec: marketplace §6 — night is 20:00 to 07:59 India time. */
export function isNight(value: DateInput = Date.now()): boolean {
  const hour = toIst(value).hour();
  return hour >= 20 || hour < 8;
}
