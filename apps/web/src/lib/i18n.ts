import i18next, { type Resource } from 'i18next';
import { useEffect, useReducer } from 'react';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { setDateLanguage } from './date-language.ts';
import { loadDevanagari, registerDevanagariFaces } from './devanagari-font.ts';
import { setDefaultToastText } from './notify.ts';
import { storage } from './storage.ts';

export const SUPPORTED_LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** spec: fastag-payments-shell §7.5 — the fallback locale is Hindi, so a string missing in English shows in Hindi. */
export const FALLBACK_LANGUAGE: Language = 'hi';

type Strings = Record<string, unknown>;

/**
 * Shared areas (common, shell) live in src/locales; each feature adds its own namespace, named
 * after its domain's folder, in src/features/<group>/<domain>/locales/{en,hi}.json — no central file to edit.
 * Only the English texts the login page needs are in the first bundle (ADR 151). The Hindi ones arrive
 * as a chunk of their own, loaded only for a Hindi reader (before the first render, see main.tsx, or
 * when the language is switched); a feature's texts arrive, in the reader's language only, with the
 * first page after login that is that feature's (`loadFeatureLocales`, ADR 089), which keeps the
 * JavaScript of /operatorlogin and of each page small on a cheap phone.
 */
const eagerEnglish = import.meta.glob<Strings>('../features/account/auth/locales/en.json', { eager: true, import: 'default' });
const authHindi = import.meta.glob<Strings>('../features/account/auth/locales/hi.json', { import: 'default' });
/** The Hindi shared texts (src/locales/hi.json holds one namespace per top-level key) and the login page's. */
async function loadSharedHindi(): Promise<Record<string, Strings>> {
  const [shared, ...auth] = await Promise.all([
    import('../locales/hi.json').then((m) => m.default as Record<string, Strings>),
    ...Object.values(authHindi).map((load) => load()),
  ]);
  return { ...shared, ...(auth[0] ? { auth: auth[0] } : {}) };
}
const featureFiles = import.meta.glob<Strings>(['../features/*/*/locales/*.json', '!../features/account/auth/locales/*.json'], {
  import: 'default',
});

function namespaceOf(file: string): [string, Language] | undefined {
  const match = file.match(/features\/[^/]+\/([^/]+)\/locales\/(en|hi)\.json$/);
  return match ? [match[1] as string, match[2] as Language] : undefined;
}

/** What the first bundle holds: the English shared texts and the login page's. */
export function buildResources(): Resource {
  const resources: Resource = { en: { ...en }, hi: {} };
  for (const [file, strings] of Object.entries(eagerEnglish)) {
    const found = namespaceOf(file);
    if (found) (resources[found[1]] as Strings)[found[0]] = strings;
  }
  return resources;
}

const loaded = new Map<string, Promise<void>>();
/** Loads one set of texts once (`hi:shared` = Hindi common and login; `en:loads` = the load board's English). */
function loadOnce(key: string, language: Language, load: () => Promise<Record<string, Strings>>): Promise<void> {
  let done = loaded.get(key);
  if (!done) {
    done = load().then((namespaces) => {
      for (const [namespace, strings] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, strings, true, true);
    });
    // a failed chunk (network) may be asked for again
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** The feature namespaces (folder names) that have texts. */
const featureNamespaces = [...new Set(Object.keys(featureFiles).flatMap((file) => namespaceOf(file)?.slice(0, 1) ?? []))] as string[];

function loadFeature(namespace: string, language: Language): Promise<void> {
  const entry = Object.entries(featureFiles).find(([file]) => {
    const found = namespaceOf(file);
    return found?.[0] === namespace && found[1] === language;
  });
  if (!entry) return Promise.resolve();
  return loadOnce(`${language}:${namespace}`, language, () => entry[1]().then((strings) => ({ [namespace]: strings })));
}

/** The feature namespaces the pages shown so far asked for: a language switch loads these in the new language. */
const wanted = new Set<string>();
/** Everything a language needs right now: its shared texts, and the features' the pages shown so far use. */
export function loadLanguage(language: Language): Promise<void> {
  const shared = language === 'hi' ? loadOnce('hi:shared', 'hi', loadSharedHindi) : Promise.resolve();
  const features = [...wanted].map((namespace) => loadFeature(namespace, language));
  // Hindi is drawn only once its font is in: text drawn before stays as boxes on a machine without one (ADR 162)
  const font = language === 'hi' ? loadDevanagari() : Promise.resolve();
  return Promise.all([shared, ...features, font]).then(() => undefined);
}

// the faces are declared for every reader (an English page may show "हिंदी" in the language switch)
registerDevanagariFaces();

/**
 * Loads the texts of the given features (their folder names; every feature when none is given) in the
 * reader's language, once each. A page after login waits for its own features' texts only (app/router.tsx,
 * ADR 089), so the load board does not download the texts of sixteen other features.
 */
export function loadFeatureLocales(namespaces: readonly string[] = featureNamespaces): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  return loadLanguage(currentLanguage());
}

/** Every namespace with its texts in both languages (tests check Hindi covers English). */
export async function allResources(): Promise<Resource> {
  const resources = buildResources();
  resources.hi = await loadSharedHindi();
  for (const [file, load] of Object.entries(featureFiles)) {
    const found = namespaceOf(file);
    if (found) (resources[found[1]] as Strings)[found[0]] = await load();
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
/** The language being switched to, while its texts load; otherwise the one on screen. */
let switchingTo: Language | undefined;
const currentLanguage = (): Language => switchingTo ?? (isLanguage(i18n.language) ? i18n.language : initialLanguage());

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

/** Resolves once the reader's language has its texts: the first render waits for it (main.tsx). */
export const languageReady: Promise<void> = loadLanguage(currentLanguage());

/** Switches language once its texts are in (a Hindi reader's chunk is fetched the first time). */
export async function setLanguage(language: Language): Promise<unknown> {
  switchingTo = language;
  try {
    await loadLanguage(language);
  } finally {
    // a later call has the last word
    if (switchingTo === language) switchingTo = undefined;
  }
  return i18n.changeLanguage(language);
}

/**
 * For a part of the shell that shows on every page only now and then (a prompt, a banner, a widget):
 * its feature's texts are fetched once it has something to show, not with every page (ADR 089).
 * Answers whether they are in; the part draws nothing until then.
 */
export function useFeatureTexts(namespace: string, needed: boolean): boolean {
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  const ready = i18n.hasResourceBundle(currentLanguage(), namespace);
  useEffect(() => {
    if (needed && !ready) void loadFeatureLocales([namespace]).then(loadedNow, () => undefined);
  }, [namespace, needed, ready]);
  return ready;
}
