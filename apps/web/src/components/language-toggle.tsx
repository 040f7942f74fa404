import { SegmentedControl } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../lib/i18n.ts';

/**
 * How many font loads have finished on this page. On an English screen "हिंदी" is the only Devanagari, drawn
 * before its face has loaded; Chromium keeps the boxes of text it shaped then (ADR 162), so the label is
 * drawn anew, as a new text node, each time a load finishes.
 */
function useFontLoads(): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts?.addEventListener) return;
    const done = () => setLoads((n) => n + 1);
    fonts.addEventListener('loadingdone', done);
    return () => fonts.removeEventListener('loadingdone', done);
  }, []);
  return loads;
}

/** The en / हिंदी switch; labels stay in their own script so either reader finds their language. */
export function LanguageToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const loads = useFontLoads();
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={t('language')}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(value) => {
        if (isLanguage(value)) void setLanguage(value);
      }}
      data={[
        { value: 'en', label: 'English' },
        { value: 'hi', label: <span key={loads}>हिंदी</span> },
      ]}
    />
  );
}
