import { afterEach, describe, expect, it } from 'vitest';
import { allResources, FALLBACK_LANGUAGE, i18n, loadFeatureLocales } from './i18n.ts';
import { storage } from './storage.ts';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('falls back to Hindi, per spec, when a key is missing in English', () => {
    expect(FALLBACK_LANGUAGE).toBe('hi');
    i18n.addResource('hi', 'common', 'onlyInHindi', 'केवल हिंदी में');
    expect(i18n.t('common:onlyInHindi', { lng: 'en' })).toBe('केवल हिंदी में');
  });

  it('merges each feature folder as its own namespace', async () => {
    await loadFeatureLocales();
    const resources = await allResources();
    expect(Object.keys(resources.en ?? {})).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'users', 'consigner']));
    expect(i18n.t('users:tabs.roles', { lng: 'hi' })).toBe('भूमिकाएँ');
  });

  it('has a Hindi text for every English key, so no Hindi reader sees English', async () => {
    const { en, hi } = await allResources();
    const missing = leafKeys(en).filter((key) => !leafKeys(hi).includes(key));
    expect(missing).toEqual([]);
  });

  it('stores the chosen language so the HTTP client sends it as the locale header', async () => {
    await i18n.changeLanguage('hi');
    expect(storage.get('locale')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });
});
