/**
 * The language dates are written in ("02 मार्च 2026"), kept apart from the date formatting itself so the
 * texts module can follow the reader's language without pulling dayjs into the login page (ADR 151 addendum).
 */
let dateLanguage: 'en' | 'hi' = 'en';

export function setDateLanguage(language: 'en' | 'hi'): void {
  dateLanguage = language;
}

export const getDateLanguage = (): 'en' | 'hi' => dateLanguage;
