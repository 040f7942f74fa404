import { afterEach, describe, expect, it, vi } from 'vitest';

type Made = { family: string; source: string; descriptors: FontFaceDescriptors; load: () => Promise<unknown> };

/** jsdom has no FontFace: a stand-in records what the module declares and lets a test decide when files arrive. */
function stubFonts(arrive: Promise<void>) {
  const made: Made[] = [];
  const added: Made[] = [];
  class FakeFontFace {
    family: string;
    source: string;
    descriptors: FontFaceDescriptors;
    constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
      this.family = family;
      this.source = source;
      this.descriptors = descriptors;
      made.push(this);
    }
    load = vi.fn(() => arrive);
  }
  vi.stubGlobal('FontFace', FakeFontFace);
  // a fresh module: the app's setup may have loaded it already, without fonts
  vi.resetModules();
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (f: Made) => added.push(f) } });
  return { made, added };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

describe('the Devanagari font (ADR 162)', () => {
  it('declares the five weights the portal uses as blocking faces of the Devanagari subset', async () => {
    const { made, added } = stubFonts(Promise.resolve());
    const { registerDevanagariFaces, DEVANAGARI_FAMILY } = await import('./devanagari-font.ts');
    registerDevanagariFaces();
    registerDevanagariFaces();
    expect(added).toHaveLength(5);
    expect(made.map((f) => f.descriptors.weight)).toEqual(['400', '500', '600', '700', '800']);
    for (const face of made) {
      expect(face.family).toBe(DEVANAGARI_FAMILY);
      expect(face.descriptors.display).toBe('block');
      expect(face.descriptors.unicodeRange).toMatch(/U\+0900-097F/);
      expect(face.source).toMatch(/devanagari-devanagari-\d00-normal.*\.woff2/);
    }
  });

  it('waits for every weight, and no longer than its limit on a slow network', async () => {
    let arrived!: () => void;
    const { made } = stubFonts(new Promise<void>((resolve) => (arrived = resolve)));
    const { loadDevanagari } = await import('./devanagari-font.ts');
    vi.useFakeTimers();
    let done = false;
    void loadDevanagari(4000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(3999);
    expect(made.every((f) => (f.load as ReturnType<typeof vi.fn>).mock.calls.length === 1)).toBe(true);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    // once in, the next wait is over at once
    arrived();
    let again = false;
    void loadDevanagari(4000).then(() => (again = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });
});
