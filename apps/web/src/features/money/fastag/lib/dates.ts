import dayjs from 'dayjs';
import { IST } from '../../../../lib/format.ts';

/** spec: fastag-payments-shell §5 — dates go as epoch seconds; without a time, start 00:00:00 and end 23:59:59 (IST). */
export const startOfDay = (date: string) => dayjs.tz(`${date} 00:00:00`, IST).unix();
export const endOfDay = (date: string) => dayjs.tz(`${date} 23:59:59`, IST).unix();
/** a datetime-local value ("2026-11-21T14:30") read as India time, keeping the picked time */
export const fromDateTimeInput = (value: string) => dayjs.tz(value.replace('T', ' '), IST).unix();
export const toDateTimeInput = (epoch: number) => dayjs.unix(epoch).tz(IST).format('YYYY-MM-DDTHH:mm');
export const toDateInput = (epoch: number) => dayjs.unix(epoch).tz(IST).format('YYYY-MM-DD');
export const todayIst = () => dayjs().tz(IST).format('YYYY-MM-DD');
export const daysAgoIst = (days: number) => dayjs().tz(IST).subtract(days, 'day').format('YYYY-MM-DD');
