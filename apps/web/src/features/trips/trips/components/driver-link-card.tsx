import { Alert, Badge, Button, Card, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useStored } from '../../../../lib/storage.ts';
import { useDriverLink, useDriverLinkChange } from '../api/driver-link.ts';
import { tripsKeys } from '../api/trips-keys.ts';

/**
 * The driver's link on the operator's trip page (issue 49): share it by hand, reissue or switch it off, and
 * see whether the driver opened it, when the phone last reported and whether location is shared. It follows
 * the trip's live events, so the driver's actions show as they arrive.
 */
export function DriverLinkCard({ tripId, canManage }: { tripId: string; canManage: boolean }) {
  const { t } = useTranslation('trips');
  const token = useStored('accessToken');
  const queryClient = useQueryClient();
  const query = useDriverLink(tripId);
  const change = useDriverLinkChange(tripId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tripsKeys.driverLink(tripId) });
  // followed only while the link is live: nothing else can arrive from the driver's phone
  useEventStream(`trip:${tripId}`, Boolean(token) && query.data?.link?.status === 'ACTIVE', {
    POSITION: refresh,
    DRIVER_LOCATION: refresh,
    TRIP_STATE: () => void queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
  const link = query.data?.link ?? null;
  const when = (value: string | null) => (value ? formatDateTime(value) : t('driverLink.never'));
  const share = (url: string) =>
    typeof navigator !== 'undefined' && 'share' in navigator
      ? void navigator.share({ title: t('driverLink.title'), url }).catch(() => undefined)
      : undefined;
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{t('driverLink.title')}</Text>
          {link ? <Badge color={link.status === 'ACTIVE' ? 'teal' : 'gray'}>{t(`driverLink.status.${link.status}`)}</Badge> : null}
        </Group>
        {query.isPending ? (
          <Text size="sm" role="status">
            {t('driverLink.loading')}
          </Text>
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {t('driverLink.error')}
          </Alert>
        ) : !link ? (
          <Text size="sm">{t('driverLink.none')}</Text>
        ) : (
          <>
            {link.sentTo ? <Text size="sm">{t('driverLink.sentTo', { to: link.sentTo })}</Text> : null}
            <Text size="sm">{t('driverLink.openedAt', { when: when(link.openedAt) })}</Text>
            <Text size="sm">{t('driverLink.lastReportAt', { when: when(link.lastReportAt) })}</Text>
            <Group gap="xs">
              <Text size="sm">{t('driverLink.location')}</Text>
              <Badge color={link.location === 'SHARING' ? 'teal' : link.location === 'STOPPED' ? 'orange' : 'gray'} role="status">
                {t(`driverLink.locationState.${link.location}`)}
              </Badge>
            </Group>
            {link.url ? (
              <Stack gap={6}>
                <TextInput readOnly value={link.url} label={t('driverLink.address')} aria-label={t('driverLink.address')} />
                <Group grow>
                  <CopyButton value={link.url}>
                    {({ copied, copy }) => (
                      <Button h={44} variant="light" onClick={copy}>
                        {copied ? t('driverLink.copied') : t('driverLink.copy')}
                      </Button>
                    )}
                  </CopyButton>
                  <Button h={44} variant="light" onClick={() => share(link.url!)}>
                    {t('driverLink.share')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text size="xs" c="dimmed">
                {t('driverLink.reissueToShare')}
              </Text>
            )}
          </>
        )}
        {canManage ? (
          <Group grow>
            <Button h={44} loading={change.isPending && change.variables === 'reissue'} onClick={() => change.mutate('reissue')}>
              {link ? t('driverLink.reissue') : t('driverLink.issue')}
            </Button>
            {link?.status === 'ACTIVE' ? (
              <Button
                h={44}
                color="red"
                variant="light"
                loading={change.isPending && change.variables === 'revoke'}
                onClick={() => change.mutate('revoke')}
              >
                {t('driverLink.revoke')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
