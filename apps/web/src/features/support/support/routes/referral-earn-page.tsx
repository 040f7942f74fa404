import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Badge, Button, Card, Container, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useReferralLink } from '../api/engagement.ts';

const STATE_COLORS: Record<string, string> = { JOINED: 'blue', REGISTERED: 'orange', REWARDED: 'teal' };

/** spec fastag §2.4 /web-view/referral/earn: my link with the Hindi invitation, shared by WhatsApp or the share sheet; my referrals. */
export default function ReferralEarnPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('referral.title'));
  const referral = useReferralLink();
  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('referral.title')} />
      <QueryState query={referral}>
        {(data) => (
          <Stack gap="sm">
            <Card withBorder p="sm">
              <Text size="sm">{t('referral.reward', { amount: formatPaisa(data.rewardInPaisa) })}</Text>
              <Text fw={700} size="xl" mt="xs" data-testid="referral-code">
                {data.code}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {data.link}
              </Text>
              <Group mt="sm" grow>
                <Button
                  component="a"
                  h={44}
                  color="green"
                  leftSection={<IconBrandWhatsapp size={18} />}
                  href={`https://wa.me/?text=${encodeURIComponent(data.message)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('referral.whatsapp')}
                </Button>
                {typeof navigator !== 'undefined' && 'share' in navigator ? (
                  <Button
                    h={44}
                    variant="light"
                    leftSection={<IconShare size={18} />}
                    onClick={() => void navigator.share({ text: data.message }).catch(() => undefined)}
                  >
                    {t('referral.share')}
                  </Button>
                ) : (
                  <CopyButton value={data.message}>
                    {({ copied, copy }) => (
                      <Button h={44} variant="light" leftSection={<IconCopy size={18} />} onClick={copy}>
                        {copied ? t('referral.copied') : t('referral.copy')}
                      </Button>
                    )}
                  </CopyButton>
                )}
              </Group>
            </Card>
            <Group justify="space-between">
              <Title order={4}>{t('referral.mine')}</Title>
              <Text size="sm">{t('referral.earned', { amount: formatPaisa(data.earnedInPaisa) })}</Text>
            </Group>
            {data.referrals.length === 0 ? <EmptyState text={t('referral.none')} /> : null}
            {data.referrals.map((r) => (
              <Card key={r.referralId} withBorder p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {r.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.city} · {t('referral.trucks', { count: r.fleetSize })} · {r.phone} · {formatDate(r.createdAt)}
                    </Text>
                  </Stack>
                  <Badge color={STATE_COLORS[r.status]}>{t(`referral.state.${r.status}`)}</Badge>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
