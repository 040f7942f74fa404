import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useStored } from '../../lib/storage.ts';

/** The landing page after login until the marketplace dashboards exist. */
export function HomePage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('defaultTitle'));
  const name = useStored('name');
  const operatorId = useStored('operatorId');
  const menuType = useStored('menuType');

  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2}>{t('home.greeting', { name: name || t('guest') })}</Title>
        {operatorId ? <Text c="dimmed">{t('home.operatorId', { id: operatorId })}</Text> : null}
        <Text>{t('home.intro')}</Text>
        {menuType !== 'ADMIN' ? (
          <Button component={Link} to={paths.ums} leftSection={<IconUsersGroup size={18} />} variant="light" w="fit-content">
            {t('home.manageTeam')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

export default HomePage;
