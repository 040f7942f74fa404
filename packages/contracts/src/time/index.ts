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
