import { Box, Button } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSurvey } from '../api/engagement.ts';

/**
 * The feedback widget (app config `feedBackWidget`): a button under the side menu that opens the survey
 * while the user has one to answer; it goes once the survey is answered. In the menu, it covers nothing.
 */
export function FeedbackWidget({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('support');
  const { pathname } = useLocation();
  const survey = useSurvey(enabled);
  if (!enabled || !survey.data?.survey || pathname === paths.survey) return null;
  return (
    <Box px="md" pt="md">
      <Button component={Link} to={paths.survey} h={44} fullWidth variant="light" leftSection={<IconMessageStar size={18} aria-hidden />}>
        {t('survey.widget')}
      </Button>
    </Box>
  );
}
