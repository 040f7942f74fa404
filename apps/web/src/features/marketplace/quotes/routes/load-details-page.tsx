import { formatRupees } from '@bhada/contracts/money/amounts';
import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useLoadDetail } from '../api/get-load-detail.ts';
import { useLoadConsent } from '../api/save-consent.ts';
import { useLoadEvents } from '../api/use-load-events.ts';
import { CallContact } from '../components/call-contact.tsx';
import { QuoteSheet } from '../components/quote-sheet.tsx';
import { formatCountdown, useCountdown } from '../components/use-countdown.ts';

/** spec: fastag §2.4 /web-view/active-loads/details/{demandId}. */
export function LoadDetailsPage() {
  const { t } = useTranslation('quotes');
  usePageTitle(t('detailsTitle'));
  const { demandId = '' } = useParams();
  const load = useLoadDetail(demandId);
  const open = load.data?.loadState === 'OPEN';
  const { live } = useLoadEvents(demandId, Boolean(load.data) && (open || load.data?.loadState === 'AWARDED'));
  const left = useCountdown(open ? load.data?.biddingEndsAt : undefined);
  const consent = useLoadConsent();

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('detailsTitle')} to={paths.activeLoads} />
      <QueryState query={load}>
        {(d) => (
          <Stack gap="sm">
            <Card withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700} size="lg">
                    {d.laneName}
                  </Text>
                  <Badge variant="light">{t(`states.${d.state}`)}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {d.demandId} · {t('km', { km: d.distanceKm })}
                </Text>
                {open ? (
                  <Group gap={6} c={left < 300 ? 'red' : undefined}>
                    <IconClock size={18} aria-hidden />
                    <Text fw={700} aria-live="polite">
                      {left > 0 ? t('closesIn', { time: formatCountdown(left) }) : t('closed')}
                    </Text>
                  </Group>
                ) : null}
              </Stack>
            </Card>

            <Card withBorder radius="md" padding="sm">
              <SimpleGrid cols={2} spacing="xs">
                <Field label={t('vehicle')} value={d.vehicleType} />
                <Field label={t('bodyType')} value={t(`body.${d.bodyType}`)} />
                <Field label={t('tyres')} value={String(d.tyreCount)} />
                <Field label={t('weight')} value={t('tonnes', { n: d.tonnage })} />
                <Field label={t('length')} value={t('feet', { n: d.lengthFeet })} />
                <Field label={t('material')} value={d.material} />
                <Field label={t('loadingAt')} value={formatDateTime(d.loadingAt)} />
                <Field label={t('tokenAmount')} value={formatRupees(d.tokenAmount)} />
              </SimpleGrid>
            </Card>

            <Card withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('loadingPoints')}
                </Text>
                {d.loadingPoints.map((p) => (
                  <Text key={`${p.name}-${p.lat}-${p.lng}`} size="sm">
                    {p.name}
                  </Text>
                ))}
                <Anchor component={Link} to={pathWith(paths.loadingPoint, { demandId })} size="sm">
                  {t('seeLoadingPoints')}
                </Anchor>
                <Text size="sm" fw={600} mt="xs">
                  {t('unloadingPoints')}
                </Text>
                {d.unloadingPoints.map((p) => (
                  <Text key={`${p.name}-${p.lat}-${p.lng}`} size="sm">
                    {p.name}
                  </Text>
                ))}
                <Anchor component={Link} to={pathWith(paths.unloadingPoint, { demandId })} size="sm">
                  {t('seeUnloadingPoints')}
                </Anchor>
              </Stack>
            </Card>

            {d.state === 'WON' ? (
              <Alert color="teal" title={t('wonTitle')}>
                <Stack gap="xs">
                  <Text size="sm">{t('wonText', { amount: formatRupees(d.result.agreedPrice ?? 0) })}</Text>
                  <Button component={Link} to={pathWith(paths.tokenPayment, { demandId })}>
                    {t('payToken', { amount: formatRupees(d.tokenAmount) })}
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {d.state === 'CONFIRMED' ? (
              <Alert color="green" title={t('confirmedTitle')}>
                <Anchor component={Link} to={`${paths.fleetLoadConfirmation}?demandId=${encodeURIComponent(demandId)}`}>
                  {t('seeConfirmation')}
                </Anchor>
              </Alert>
            ) : null}
            {d.state === 'LOST' ? <Alert color="gray">{t('lostText')}</Alert> : null}
            <CallContact demandId={demandId} />

            {d.state !== 'CONFIRMED' && d.state !== 'WON' ? <QuoteSheet load={d} open={open && left > 0} live={live} /> : null}

            {open ? (
              <Group grow>
                <Button
                  variant={d.consent === 'REJECTED' ? 'filled' : 'default'}
                  color="red"
                  onClick={() => consent.mutate({ demandId, loadConsent: 'REJECTED' })}
                  loading={consent.isPending && consent.variables?.loadConsent === 'REJECTED'}
                >
                  {t('reject')}
                </Button>
                <Button
                  variant={d.consent === 'ACCEPTED' ? 'filled' : 'default'}
                  color="teal"
                  onClick={() => consent.mutate({ demandId, loadConsent: 'ACCEPTED' })}
                  loading={consent.isPending && consent.variables?.loadConsent === 'ACCEPTED'}
                >
                  {t('accept')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

export default LoadDetailsPage;
