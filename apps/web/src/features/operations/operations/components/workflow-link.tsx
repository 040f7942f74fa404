import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, pathWith } from '../../../../lib/paths.ts';

const STEP_PATHS = { docket: paths.workflowDocket, collection: paths.workflowCollection } as const;

/** A list row's way into one workflow step (docket, collection) of its consignment. */
export function WorkflowLink({ step, code, size = 'sm' }: { step: keyof typeof STEP_PATHS; code: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('operations');
  return (
    <Button size={size} h={44} variant="subtle" component={Link} to={pathWith(STEP_PATHS[step], { code })}>
      {t(`workflow.${step}`)}
    </Button>
  );
}
