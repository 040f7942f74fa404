import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../lib/i18n.ts';
import { renderApp } from '../test/render.tsx';
import { LanguageToggle } from './language-toggle.tsx';

describe('LanguageToggle', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
    vi.restoreAllMocks();
  });

  it('is a named group of two radios that switches the language, without reading the layout (ADR 184)', async () => {
    const reads = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const { user } = renderApp(<LanguageToggle />);

    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'हिंदी' })).not.toBeChecked();
    expect(reads).not.toHaveBeenCalled();

    await user.click(screen.getByText('हिंदी'));
    await waitFor(() => expect(i18n.language).toBe('hi'));
    expect(screen.getByRole('radio', { name: 'हिंदी' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'भाषा' })).toBeInTheDocument();
  });

  it('reads fonts.ready only after the next frame, then draws the Hindi label anew (ADR 185)', async () => {
    let readyReads = 0;
    const listeners = new Set<() => void>();
    const fonts = {
      get ready() {
        readyReads++;
        return Promise.resolve(fonts);
      },
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((fn) => frames.push(fn));
    try {
      renderApp(<LanguageToggle />);
      const before = screen.getByText('हिंदी');
      expect(readyReads).toBe(0);
      expect(frames).toHaveLength(1);

      act(() => frames[0]?.(0));
      await waitFor(() => expect(readyReads).toBe(1));
      await waitFor(() => expect(screen.getByText('हिंदी')).not.toBe(before));
      const afterReady = screen.getByText('हिंदी');

      act(() => {
        for (const fn of listeners) fn();
      });
      expect(screen.getByText('हिंदी')).not.toBe(afterReady);
    } finally {
      Reflect.deleteProperty(document, 'fonts');
    }
  });
});
