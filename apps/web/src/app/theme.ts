import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Text and filled controls use shade 9 of each palette: at Mantine's shade 6–8 red, teal, green,
 * orange and yellow fall below WCAG AA 4.5:1 on white and on their own light tints. Shade 9 of the
 * palettes that are still too pale is replaced by a darker tone of the same hue (each ≥ 5:1 on white
 * and on its 10 % tint).
 */
const darkened = (color: keyof typeof DEFAULT_THEME.colors, shade9: string): MantineColorsTuple => {
  const tuple = [...(DEFAULT_THEME.colors[color] ?? [])];
  tuple[9] = shade9;
  return tuple as unknown as MantineColorsTuple;
};

/**
 * A deep indigo primary. Devanagari comes from the bundled Noto Sans Devanagari (lib/devanagari-font.ts,
 * ADR 148 and 162) after the system's own fonts: a Latin page never downloads it, a Hindi page
 * shows real letters even on a machine with no Indian fonts installed.
 */
const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  // headings have their own stack in Mantine (without Devanagari): the same one, or Hindi titles show boxes
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  colors: {
    teal: darkened('teal', '#066a4c'),
    green: darkened('green', '#236b31'),
    lime: darkened('lime', '#3f6b08'),
    orange: darkened('orange', '#a63b08'),
    yellow: darkened('yellow', '#8f5700'),
  },
});

/**
 * Dimmed text carries data (dates, balances after, barcodes), so it must reach WCAG AA 4.5:1. Mantine's
 * default (gray 6, #868e96) is 3.32:1 on white; #5c636a is 6.1:1 on white and 5.8:1 on gray 0.
 * Placeholders get #636b73 (5.4:1) instead of gray 5 (2.1:1).
 */
export const DIMMED_TEXT = '#5c636a';
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': '#636b73',
  },
  dark: {},
});
