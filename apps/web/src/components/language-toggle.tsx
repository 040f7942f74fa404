import { Box } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../lib/i18n.ts';
import classes from './language-toggle.module.css';

/**
 * How many font loads have finished on this page. On an English screen "हिंदी" is the only Devanagari, drawn
 * before its face has loaded; Chromium keeps the fonts it chose then for every text of the same size, weight
 * and spacing (ADR 162, ADR 184), so the label is drawn anew, as a new text node with a spacing of its own
 * too small to see, each time a load finishes.
 */
function useFontLoads(): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts?.addEventListener) return;
    const done = () => setLoads((n) => n + 1);
    fonts.addEventListener('loadingdone', done);
    // A face that finished before this effect ran sent its event to nobody: draw the label anew once, too.
    // `fonts.ready` brings the page's styles up to date when it is read, so it is read after the next frame,
    // once the browser has done that itself: read here, it restyled the whole page the shell had just added.
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void fonts.ready.then(() => {
          if (active) done();
        });
      });
    });
    return () => {
      active = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      fonts.removeEventListener('loadingdone', done);
    };
  }, []);
  return loads;
}

/**
 * The en / हिंदी switch, a group of two radios; labels stay in their own script so either reader finds their
 * language. It reads no layout as it mounts (ADR 184): it sits in every page's shell.
 */
export function LanguageToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const loads = useFontLoads();
  const name = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const options = [
    { value: 'en', label: 'English' },
    {
      value: 'hi',
      // a spacing too small to see, new with each font load: see useFontLoads
      label: (
        <span key={loads} style={{ letterSpacing: `${loads / 10_000}em` }}>
          हिंदी
        </span>
      ),
    },
  ];
  return (
    <Box role="radiogroup" aria-label={t('language')} className={classes.root} mod={{ 'full-width': fullWidth }}>
      {options.map(({ value, label }) => (
        <Box component="label" key={value} className={classes.segment} mod={{ checked: current === value }}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={value}
            checked={current === value}
            onChange={() => {
              if (isLanguage(value)) void setLanguage(value);
            }}
          />
          {label}
        </Box>
      ))}
    </Box>
  );
}
