import { Box, Button } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFeatureTexts } from '../../../../lib/i18n.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSurvey } from '../api/get-survey.ts';

/**
 * The feedback widget (app config `feedBackWidget`): a button under the side menu that opens the survey
 * while the user has one to answer; it goes once the survey is answered. In the menu, it covers nothing.
 */
export function FeedbackWidget({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('support');
  const { pathname } = useLocation();
  const survey = useSurvey(enabled);
  const shown = enabled && Boolean(survey.data?.survey) && pathname !== paths.survey;
  // the support area's texts come with the widget, not with every page of the shell
  const textsReady = useFeatureTexts('support', shown);
  if (!shown || !textsReady) return null;
  return (
    <Box px="md" pt="md">
      <Button component={Link} to={paths.survey} h={44} fullWidth variant="light" leftSection={<IconMessageStar size={18} aria-hidden />}>
        {t('survey.widget')}
      </Button>
    </Box>
  );
}
