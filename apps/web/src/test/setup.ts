import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFeatureLocales, loadLanguage } from '../lib/i18n.ts';
import { answerMediaQueries } from './media.ts';

// Mantine reads these browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', { writable: true, value: answerMediaQueries(() => false) });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
Object.defineProperty(window, 'getComputedStyle', { value: window.getComputedStyle, writable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// lazy route chunks load slowly on a busy 2-core machine; waiting longer keeps the suite honest, not flaky
configure({ asyncUtilTimeout: 10_000 });

// pages are rendered directly in tests, without the router that waits for the feature texts; tests
// switch between both languages, so both are loaded here (the app loads only the reader's, ADR 151)
await loadFeatureLocales();
await loadLanguage('hi');
