import { STATUS_SCREENS, type StatusScreen } from '@bhada/contracts/money/subscription';
import { Alert, Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSubscriptionConfig } from '../api/get-subscription-config.ts';

const isScreen = (v: string | null): v is StatusScreen => (STATUS_SCREENS as readonly string[]).includes(v ?? '');
const isDate = (v: string | null): v is string => Boolean(v) && !Number.isNaN(Date.parse(v ?? ''));

/**
 * spec §2 /app/caraxes/marketplace/subscription-status?screen&validity — the payment's outcome
 * (screen SUCCESS / FAILURE) over the membership as the server has it now, in India time.
 */
export default function SubscriptionStatusPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('statusTitle'));
  const [params] = useSearchParams();
  const screen = isScreen(params.get('screen')) ? (params.get('screen') as StatusScreen) : undefined;
  const validity = params.get('validity');
  const config = useSubscriptionConfig();

  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('statusTitle')} to={paths.subscriptionPage} />
      <Stack gap="md">
        {/* the address says SUCCESS, but only a membership the server holds active is one: never
            "Payment successful" beside "Not a member" (issue 16 point 8) */}
        {screen === 'SUCCESS' && config.data?.membership.status === 'ACTIVE' ? (
          <Stack align="center" gap={4} role="status">
            <ThemeIcon color="green" size={56} radius="xl" variant="light">
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <Title order={3}>{t('successTitle')}</Title>
            {isDate(validity) ? <Text ta="center">{t('activeUntil', { date: formatDateTime(validity) })}</Text> : null}
          </Stack>
        ) : null}
        {screen === 'SUCCESS' && config.data && config.data.membership.status !== 'ACTIVE' ? (
          <Alert color="orange" role="status" title={t('unconfirmedTitle')}>
            {t('unconfirmedText')}
          </Alert>
        ) : null}
        {screen === 'FAILURE' ? (
          <Stack align="center" gap={4} role="alert">
            <ThemeIcon color="red" size={56} radius="xl" variant="light">
              <IconCircleX size={36} />
            </ThemeIcon>
            <Title order={3}>{t('failureTitle')}</Title>
            <Text ta="center">{t('failureText')}</Text>
          </Stack>
        ) : null}

        <QueryState query={config}>
          {({ membership }) => (
            <Card withBorder radius="md" padding="md" data-testid="membership-state">
              <Stack gap="xs">
                <Group gap="xs">
                  <IconCrown size={20} />
                  <Text fw={700}>{t(`state.${membership.status}`)}</Text>
                </Group>
                {membership.status === 'ACTIVE' && membership.activeUntil ? (
                  <>
                    <Text size="sm">{t('activeUntil', { date: formatDateTime(membership.activeUntil) })}</Text>
                    <Text size="sm" c="dimmed">
                      {t('daysLeft', { count: membership.daysLeft })}
                    </Text>
                  </>
                ) : null}
                {membership.status === 'EXPIRED' && membership.activeUntil ? (
                  <Text size="sm">{t('expiredOn', { date: formatDateTime(membership.activeUntil) })}</Text>
                ) : null}
                {membership.status === 'NONE' ? <Text size="sm">{t('notMember')}</Text> : null}
                {membership.renewFrom ? (
                  <Text size="sm" c="dimmed">
                    {t('renewFrom', { date: formatDateTime(membership.renewFrom) })}
                  </Text>
                ) : null}
                {membership.canPay ? (
                  <Button component={Link} to={paths.subscriptionPage} mt="xs">
                    {screen === 'FAILURE' ? t('tryAgain') : membership.status === 'NONE' ? t('becomeMember') : t('renewNow')}
                  </Button>
                ) : null}
              </Stack>
            </Card>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
