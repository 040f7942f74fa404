import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../lib/i18n.ts';

/** The en / हिंदी switch; labels stay in their own script so either reader finds their language. */
export function LanguageToggle({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('shell');
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
        { value: 'hi', label: 'हिंदी' },
      ]}
    />
  );
}
