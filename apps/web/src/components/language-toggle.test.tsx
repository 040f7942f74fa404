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
});
