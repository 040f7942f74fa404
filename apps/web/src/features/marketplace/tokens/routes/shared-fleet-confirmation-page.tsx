import { Alert, Anchor, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { useSharedConfirmation } from '../api/share-link.ts';

/**
 * spec: fastag §2.3 /public/fleet-load-confirmation opened from a shared link (ADR 142): no login,
 * one load, no price or wallet. An altered or old link says so instead of showing anything.
 */
export function SharedFleetConfirmationPage() {
  const { t } = useTranslation('tokens');
  usePageTitle(t('confirmationTitle'));
  const [params] = useSearchParams();
  const link = { demandId: params.get('demandId') ?? '', exp: params.get('exp') ?? '', sig: params.get('sig') ?? '' };
  const query = useSharedConfirmation(link);
  return (
    <Container size="sm" px="xs" py="sm" component="main">
      {query.isPending ? (
        <Text role="status">{t('share.opening')}</Text>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t('confirmationTitle')}>
          {isApiError(query.error) && query.error.status === 410 ? t('share.expired') : t('share.invalid')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            {query.data.status === 'PAID' ? <IconCircleCheck color="var(--mantine-color-teal-8)" size={28} aria-hidden /> : null}
            <Title order={1} size="h3">
              {query.data.status === 'PAID' ? t('confirmed') : t('confirmationTitle')}
            </Title>
          </Group>
          <Card withBorder radius="md" padding="sm">
            <Stack gap={6}>
              <Text fw={700}>{query.data.laneName}</Text>
              <Row label={t('statusLabel')} value={<Badge>{t(`status.${query.data.status}`)}</Badge>} />
              <Row label={t('tripId')} value={query.data.tripId ?? '—'} />
              <Row label={t('loadingAt')} value={formatDateTime(query.data.loadingAt)} />
              {query.data.vehicles.map((v) => (
                <Row key={v.vehicleNumber} label={t('vehicle')} value={`${v.vehicleNumber} · ${v.vehicleType}`} />
              ))}
              {query.data.contact ? (
                <Row
                  label={t('driver')}
                  value={
                    <Anchor href={`tel:${query.data.contact.driverNumber}`}>
                      <IconPhone size={14} aria-hidden /> {query.data.contact.driverName} · {query.data.contact.driverNumber}
                    </Anchor>
                  }
                />
              ) : null}
            </Stack>
          </Card>
          <Text size="sm">{t('share.validUntil', { when: formatDateTime(query.data.expiresAt) })}</Text>
        </Stack>
      )}
    </Container>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">{label}</Text>
      {typeof value === 'string' ? (
        <Text size="sm" ta="right">
          {value}
        </Text>
      ) : (
        value
      )}
    </Group>
  );
}

export default SharedFleetConfirmationPage;
