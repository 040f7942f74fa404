import { afterEach, describe, expect, it, vi } from 'vitest';

// ADR 151: English readers never download the Hindi texts; a Hindi reader gets them before the first
// render, and the feature texts only in the reader's own language. Each test loads a fresh copy of the
// module (the shared test setup has loaded both languages into the usual one).
let hindiRequested = 0;
vi.doMock('../locales/hi.json', async (original) => {
  const real = await original<{ default: unknown }>();
  return {
    // counted each time the i18n module takes the texts out of the chunk
    get default() {
      hindiRequested += 1;
      return real.default;
    },
  };
});

async function freshI18n(locale: 'en' | 'hi') {
  vi.resetModules();
  window.localStorage.setItem('locale', locale);
  hindiRequested = 0;
  return import('./i18n.ts');
}

afterEach(() => {
  window.localStorage.clear();
});

describe('language texts load on demand', () => {
  it('does not request the Hindi texts for an English reader, before or after login', async () => {
    const { i18n, languageReady, loadFeatureLocales } = await freshI18n('en');
    await languageReady;
    await loadFeatureLocales();
    expect(hindiRequested).toBe(0);
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('hi', 'auth')).toBe(false);
    expect(i18n.hasResourceBundle('hi', 'loads')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'loads')).toBe(true);
    expect(i18n.t('common:successful')).not.toBe('successful');
  });

  it('keeps the feature texts out of the first load until a page after login asks', async () => {
    const { i18n, languageReady } = await freshI18n('en');
    await languageReady;
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'fleet')).toBe(false);
  });

  it('loads only the features a page asks for, and those again in the language switched to (ADR 089)', async () => {
    const { i18n, languageReady, loadFeatureLocales, setLanguage } = await freshI18n('en');
    await languageReady;
    await loadFeatureLocales(['loads']);
    expect(i18n.hasResourceBundle('en', 'loads')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'fleet')).toBe(false);
    expect(i18n.t('loads:title')).not.toBe('title');
    await setLanguage('hi');
    expect(i18n.hasResourceBundle('hi', 'loads')).toBe(true);
    expect(i18n.hasResourceBundle('hi', 'fleet')).toBe(false);
    await loadFeatureLocales(['fleet']);
    expect(i18n.hasResourceBundle('hi', 'fleet')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'fleet')).toBe(false);
  });

  it('loads the Hindi texts for a Hindi reader before the first render, and only Hindi ones', async () => {
    const { i18n, languageReady, loadFeatureLocales } = await freshI18n('hi');
    await languageReady;
    expect(hindiRequested).toBe(1);
    expect(i18n.language).toBe('hi');
    expect(i18n.t('auth:sendCode', { defaultValue: '' })).toMatch(/[\u0900-\u097F]/);
    await loadFeatureLocales();
    expect(i18n.hasResourceBundle('hi', 'loads')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'loads')).toBe(false);
  });

  it('fetches Hindi when an English reader switches, feature texts included', async () => {
    const { i18n, languageReady, loadFeatureLocales, setLanguage } = await freshI18n('en');
    await languageReady;
    await loadFeatureLocales();
    expect(i18n.hasResourceBundle('hi', 'common')).toBe(false);
    await setLanguage('hi');
    expect(hindiRequested).toBe(1);
    expect(i18n.language).toBe('hi');
    expect(i18n.hasResourceBundle('hi', 'fleet')).toBe(true);
    expect(i18n.t('users:tabs.roles')).toBe('भूमिकाएँ');
  });
});
