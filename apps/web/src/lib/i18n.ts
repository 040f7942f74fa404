import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import { setDateLanguage } from './format.ts';
import { setDefaultToastText } from './notify.ts';
import { storage } from './storage.ts';

export const SUPPORTED_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** spec: fastag-payments-shell §7.5 — the fallback locale is Hindi, so a string missing in English shows in Hindi. */
export const FALLBACK_LANGUAGE: Language = 'hi';

/**
 * Shared areas (common, shell) live in src/locales; each feature adds its own namespace, named
 * after its folder, in src/features/<domain>/locales/{en,hi}.json — no central file to edit.
 * Only what the login page needs is in the first bundle; the other features' texts arrive as
 * separate chunks before any page after login renders (`loadFeatureLocales`), which keeps the
 * JavaScript of /operatorlogin small on a cheap phone.
 */
const eagerFiles = import.meta.glob<Record<string, unknown>>('../features/auth/locales/*.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Record<string, unknown>>(['../features/*/locales/*.json', '!../features/auth/locales/*.json'], {
  import: 'default',
});

function namespaceOf(file: string): [string, Language] | undefined {
  const match = file.match(/features\/([^/]+)\/locales\/(en|hi)\.json$/);
  return match ? [match[1] as string, match[2] as Language] : undefined;
}

export function buildResources(): Resource {
  const resources: Resource = { en: { ...en }, hi: { ...hi } };
  for (const [file, strings] of Object.entries(eagerFiles)) {
    const found = namespaceOf(file);
    if (found) (resources[found[1]] as Record<string, unknown>)[found[0]] = strings;
  }
  return resources;
}

let featureLocales: Promise<void> | undefined;
/** Loads every other feature's texts once; pages after login wait for it (see app/router.tsx). */
export function loadFeatureLocales(): Promise<void> {
  featureLocales ??= Promise.all(
    Object.entries(lazyFiles).map(async ([file, load]) => {
      const found = namespaceOf(file);
      if (found) i18n.addResourceBundle(found[1], found[0], await load(), true, true);
    }),
  ).then(() => undefined);
  return featureLocales;
}

/** Every namespace with its texts, eager and lazy (tests check Hindi covers English). */
export async function allResources(): Promise<Resource> {
  const resources = buildResources();
  for (const [file, load] of Object.entries(lazyFiles)) {
    const found = namespaceOf(file);
    if (found) (resources[found[1]] as Record<string, unknown>)[found[0]] = await load();
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
  setDateLanguage(language);
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
