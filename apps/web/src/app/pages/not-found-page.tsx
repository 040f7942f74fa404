import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageTitle(t('notFoundTitle'));
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="xs">
        <Title order={2}>{t('notFoundTitle')}</Title>
        <Text c="dimmed">{t('notFoundText')}</Text>
        <Button component={Link} to={paths.root} mt="sm">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
