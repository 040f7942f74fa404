import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import { setDefaultToastText } from './notify.ts';
import { storage } from './storage.ts';

export const SUPPORTED_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** spec: fastag-payments-shell §7.5 — the fallback locale is Hindi, so a string missing in English shows in Hindi. */
export const FALLBACK_LANGUAGE: Language = 'hi';

/**
 * Shared areas (common, shell) live in src/locales; each feature adds its own namespace, named
 * after its folder, in src/features/<domain>/locales/{en,hi}.json — no central file to edit.
 */
const featureFiles = import.meta.glob<Record<string, unknown>>('../features/*/locales/*.json', { eager: true, import: 'default' });

export function buildResources(): Resource {
  const resources: Resource = { en: { ...en }, hi: { ...hi } };
  for (const [file, strings] of Object.entries(featureFiles)) {
    const match = file.match(/features\/([^/]+)\/locales\/(en|hi)\.json$/);
    if (!match) continue;
    const [, namespace, language] = match as [string, string, Language];
    (resources[language] as Record<string, unknown>)[namespace] = strings;
  }
  return resources;
}

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';

function initialLanguage(): Language {
  const stored = storage.get('locale');
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : FALLBACK_LANGUAGE;
}

const resources = buildResources();

export const i18n = i18next.createInstance();
i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  // the HTTP client sends the stored locale, so server messages follow the chosen language
  if (storage.get('locale') !== language) storage.set('locale', language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setDefaultToastText(i18n.t('common:successful'));
});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  showSupportNotice: false,
});

export function setLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}
