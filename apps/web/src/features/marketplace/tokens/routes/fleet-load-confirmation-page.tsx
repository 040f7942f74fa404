import { formatRupees } from '@bhada/contracts/money/amounts';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { useFleetConfirmation } from '../api/get-fleet-confirmation.ts';
import { CancelToken } from '../components/cancel-token.tsx';
import { ShareConfirmation } from '../components/share-confirmation.tsx';

function remaining(seconds: number, t: (k: string, o?: Record<string, unknown>) => string) {
  if (seconds <= 0) return t('loadingDue');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return t('loadingIn', { h, m });
}

/** spec: fastag §2.3 /public/fleet-load-confirmation and marketplace §3 "Fleet load confirmation". */
export function FleetLoadConfirmationPage() {
  const { t } = useTranslation('tokens');
  usePageTitle(t('confirmationTitle'));
  const [params] = useSearchParams();
  const demandId = params.get('demandId') ?? '';
  const confirmation = useFleetConfirmation(demandId);
  if (!demandId) {
    return (
      <Container size="sm" py="xl">
        <EmptyState text={t('noLoad')} />
      </Container>
    );
  }
  return (
    <Container size="sm" px="xs" py="sm">
      <QueryState query={confirmation}>
        {(c) => (
          <Stack gap="sm">
            <Group gap="xs">
              {c.status === 'PAID' ? <IconCircleCheck color="var(--mantine-color-teal-6)" size={28} /> : null}
              <Title order={3}>{c.status === 'PAID' ? t('confirmed') : t('confirmationTitle')}</Title>
            </Group>
            <Card withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Text fw={700}>{c.laneName}</Text>
                <Row label={t('statusLabel')} value={<Badge>{t(`status.${c.status}`)}</Badge>} />
                <Row label={t('tripId')} value={<Text fw={700}>{c.tripId ?? '—'}</Text>} />
                <Row label={t('yourPrice')} value={formatRupees(c.opQuote)} />
                <Row label={t('tokenAmount')} value={formatRupees(c.tokenAmount)} />
                <Row label={t('loadingAt')} value={formatDateTime(c.loadingAt)} />
                <Row label={t('timeToLoading')} value={remaining(c.loadingTimeRemaining, t)} />
                {c.vehicles.map((v) => (
                  <Row key={v.vehicleId} label={t('vehicle')} value={`${v.vehicleNumber} · ${v.vehicleType}`} />
                ))}
                {c.contact ? (
                  <Row
                    label={t('driver')}
                    value={
                      <Anchor href={`tel:${c.contact.driverNumber}`}>
                        <IconPhone size={14} /> {c.contact.driverName} · {c.contact.driverNumber}
                      </Anchor>
                    }
                  />
                ) : null}
              </Stack>
            </Card>
            {c.vehicleProximityWarning ? (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                {t('proximityWarning')}
              </Alert>
            ) : null}
            {c.status === 'PAID' ? <ShareConfirmation demandId={c.demandId} /> : null}
            <CancelToken demandId={c.demandId} status={c.status} />
            <Button component={Link} to={`${paths.activeLoads}?state=CONFIRMED`} variant="light">
              {t('backToLoads')}
            </Button>
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
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

export default FleetLoadConfirmationPage;
