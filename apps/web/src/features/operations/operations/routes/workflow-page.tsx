import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { paths, pathWith } from '../../../../lib/paths.ts';

/** /portal/workflow: the desk's start — scheduled vehicles, consignments, and a consignment's docket or collection by code. */
export function WorkflowPage() {
  const { t } = useTranslation('operations');
  usePageTitle(t('workflow.title'));
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const go = (pattern: string) => code.trim() && void navigate(pathWith(pattern, { code: code.trim().toUpperCase() }));
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={3}>{t('workflow.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('scheduled.title')}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t('workflow.scheduledHint')}
          </Text>
          <Button h={44} component={Link} to={paths.workflowScheduled}>
            {t('workflow.openScheduled')}
          </Button>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{t('consignment.title')}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t('workflow.consignmentsHint')}
          </Text>
          <Button h={44} component={Link} to={paths.adminConsignments}>
            {t('workflow.openConsignments')}
          </Button>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <TextInput label={t('workflow.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Group mt="sm">
          <Button h={44} variant="light" onClick={() => go(paths.workflowDocket)}>
            {t('workflow.docket')}
          </Button>
          <Button h={44} variant="light" onClick={() => go(paths.workflowCollection)}>
            {t('workflow.collection')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

export default WorkflowPage;
