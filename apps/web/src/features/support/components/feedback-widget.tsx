import { Affix, Button } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSurvey } from '../api/engagement.ts';

/**
 * The feedback widget (app config `feedBackWidget`): a button that opens the survey while the user has
 * one to answer; it goes once the survey is answered, and never covers the survey page itself.
 */
export function FeedbackWidget({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('support');
  const { pathname } = useLocation();
  const survey = useSurvey(enabled);
  if (!enabled || !survey.data?.survey || pathname === paths.survey) return null;
  return (
    <Affix position={{ bottom: 88, right: 16 }} zIndex={140}>
      <Button
        component={Link}
        to={paths.survey}
        h={44}
        radius="xl"
        leftSection={<IconMessageStar size={18} aria-hidden />}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        {t('survey.widget')}
      </Button>
    </Affix>
  );
}
