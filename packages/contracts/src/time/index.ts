/**
 * India time, the portal's one time zone (ARCHITECTURE §5): the server stores UTC instants and every
 * screen, statement, message and schedule shows or reckons them in IST. India keeps no daylight
 * saving, so the offset is fixed.
 */
export const IST_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MINUTES = 330;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** The wall-clock of an instant in India, as a Date whose UTC fields read IST (for date arithmetic). */
export function istWallClock(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The instant of an India wall-clock time given as UTC fields (the inverse of istWallClock). */
export function fromIstWallClock(wall: Date): Date {
  return new Date(wall.getTime() - IST_OFFSET_MS);
}

/** The instant an India calendar day (`YYYY-MM-DD`) begins. */
export function istDayStart(day: string): Date {
  return fromIstWallClock(new Date(`${day}T00:00:00Z`));
}

/** The India calendar day (`YYYY-MM-DD`) an instant falls on. */
export function istDay(at: Date): string {
  return istWallClock(at).toISOString().slice(0, 10);
}

/** The instant an India calendar day ends: the next day's start (exclusive). */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + 86_400_000);
}

/** The languages India-time texts are written in; Hindi keeps Latin digits, as Indian forms print them. */
export type TimeTextLocale = 'en' | 'hi';
const INTL_LOCALE: Record<TimeTextLocale, string> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn' };
const DATE_PARTS = { day: '2-digit', month: 'short', year: 'numeric' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit', hour12: true } as const;
const formatters = (parts: Intl.DateTimeFormatOptions) => ({
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { timeZone: IST_TIME_ZONE, ...parts }),
  hi: new Intl.DateTimeFormat(INTL_LOCALE.hi, { timeZone: IST_TIME_ZONE, ...parts }),
});
const DATE_TEXT = formatters(DATE_PARTS);
const DATE_TIME_TEXT = formatters({ ...DATE_PARTS, ...TIME_PARTS });

/** An instant's India date as people read it: `02 Dec 2026` (`02 दिस॰ 2026` in Hindi). */
export function istDateText(at: Date, locale: TimeTextLocale = 'en'): string {
  return DATE_TEXT[locale].format(at);
}

/** An instant as India date and time: `02 Dec 2026, 05:30 pm`. */
export function istDateTimeText(at: Date, locale: TimeTextLocale = 'en'): string {
  return DATE_TIME_TEXT[locale].format(at);
}
