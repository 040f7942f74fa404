import { vi } from 'vitest';

/** jsdom has no media queries: a matchMedia that answers `matches(query)` (Mantine's hooks read it). */
export function answerMediaQueries(matches: (query: string) => boolean) {
  return vi.fn().mockImplementation((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}
