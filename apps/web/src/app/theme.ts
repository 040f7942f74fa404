import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * A deep indigo primary. Devanagari comes from the bundled Noto Sans Devanagari (see fonts in
 * providers.tsx) after the system's own fonts: a Latin page never downloads it, a Hindi page shows
 * real letters even on a machine with no Indian fonts installed.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * Dimmed text carries data (dates, balances after, barcodes), so it must reach WCAG AA 4.5:1. Mantine's
 * default (gray 6, #868e96) is 3.32:1 on white; #5c636a is 6.1:1 on white and 5.8:1 on gray 0.
 * Placeholders get the old dimmed grey rather than the paler gray 5 (2.1:1).
 */
export const DIMMED_TEXT = '#5c636a';
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT, '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
