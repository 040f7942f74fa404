import type { TripState } from '@bhada/contracts/trips/trips';
import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useTrip } from '../api/get-trip.ts';
import { CancelAndReplace } from '../components/cancel-replace.tsx';
import { DelayReport } from '../components/delay-report.tsx';
import { DriverLinkCard } from '../components/driver-link-card.tsx';
import { ExpensesCard } from '../components/expenses-card.tsx';
import { InvoiceCard } from '../components/invoice-card.tsx';
import { MoneyCard } from '../components/money-card.tsx';
import { SlotCard } from '../components/slot-card.tsx';
import { StagePanel } from '../components/stage-panel.tsx';
import { TripTimeline } from '../components/timeline.tsx';
import { BiltiButton, NotifyConsignerButton, StateAlertButton, TripFeedbackCard } from '../components/trip-extras.tsx';
import { TripStateBadge } from '../components/trip-state-badge.tsx';

/** Other areas' pieces, handed in by the router so features never import each other. */
export type TrackingSlot = ComponentType<{ tripId: string; state: string }>;
export type PodSlot = ComponentType<{ tripId: string; demandId: string; state: string }>;

/**
 * spec: fastag §2.4 — /web-view/marketplace/trips/details/{tripId} and its v2. v2 is the full page
 * (opened after an OTP); v1 shows the same trip without the timeline and map, for older links.
 */
export default function TripDetailsPage({ version, Tracking, Pod }: { version: 1 | 2; Tracking?: TrackingSlot; Pod?: PodSlot }) {
  const { t } = useTranslation('trips');
  const { tripId = '' } = useParams();
  usePageTitle(t('detailsTitle'));
  const query = useTrip(tripId);
  // someone else's trip and a wrong link both answer 404: say so rather than offer a retry
  const notFound = isApiError(query.error) && query.error.status === 404;
  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('detailsTitle')} to={paths.myTrips} />
      {notFound ? (
        <EmptyState
          text={t('notFound')}
          action={
            <Button component={Link} to={paths.myTrips} variant="light">
              {t('backToTrips')}
            </Button>
          }
        />
      ) : (
        <QueryState query={query}>
          {({ trip, timeline, widget, actions }) => {
            const loading = trip.loadingPoints[0];
            const unloading = trip.unloadingPoints.at(-1);
            const state = trip.state as TripState;
            return (
              <Stack gap="sm">
                <Card withBorder radius="md" padding="sm">
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="wrap" gap={4}>
                      <Title order={4}>
                        {trip.originCity} → {trip.destinationCity}
                      </Title>
                      <TripStateBadge state={state} />
                    </Group>
                    <Text size="sm">
                      {trip.vehicleNumber ?? '—'} · {trip.vehicleType ?? ''}
                    </Text>
                    <Group gap={4}>
                      <Text size="sm">{trip.driverName}</Text>
                      <Anchor href={`tel:${trip.driverNumber}`} size="sm" title={t('callDriver')}>
                        <IconPhone size={14} aria-hidden /> {trip.driverNumber}
                      </Anchor>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('tripId', { id: trip.tripId })} · {trip.consignerName ?? ''}
                    </Text>
                    {loading ? <Text size="sm">{t('loadingAt', { name: loading.name, contact: loading.contactName })}</Text> : null}
                    {unloading ? <Text size="sm">{t('unloadingAt', { name: unloading.name, contact: unloading.contactName })}</Text> : null}
                    {trip.slot.loading ? (
                      <Text size="sm">{t('slotLoading', { when: formatDateTime(trip.slot.loading.start) })}</Text>
                    ) : null}
                    {trip.remarks ? (
                      <Text size="sm" c="orange">
                        {t('remarkLine', { text: trip.remarks })}
                      </Text>
                    ) : null}
                    {/* the POD card repeats the reason next to the upload, so say it here only without it */}
                    {trip.podRejectReason && state === 'POD_REJECTED' && !(actions.canUploadPod && Pod) ? (
                      <Text size="sm" c="red">
                        {t('podRejected', { reason: trip.podRejectReason })}
                      </Text>
                    ) : null}
                    {trip.cancelReason ? (
                      <Text size="sm" c="red">
                        {t('cancelledBecause', { reason: trip.cancelReason })}
                      </Text>
                    ) : null}
                  </Stack>
                </Card>
                <StagePanel tripId={trip.tripId} state={state} widget={widget} />
                <DriverLinkCard tripId={trip.tripId} canManage={state !== 'COMPLETED' && state !== 'CANCELLED'} />
                <SlotCard tripId={trip.tripId} state={state} />
                {state === 'CANCELLED' ? null : (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <DelayReport tripId={trip.tripId} state={state} />
                    <NotifyConsignerButton tripId={trip.tripId} state={state} />
                    <BiltiButton tripId={trip.tripId} />
                    <StateAlertButton tripId={trip.tripId} state={state} />
                  </SimpleGrid>
                )}
                <TripFeedbackCard tripId={trip.tripId} state={state} />
                {actions.canUploadPod && Pod ? <Pod tripId={trip.tripId} demandId={trip.demandId} state={state} /> : null}
                {version === 2 && actions.canTrack && Tracking ? <Tracking tripId={trip.tripId} state={state} /> : null}
                <MoneyCard tripId={trip.tripId} />
                <ExpensesCard tripId={trip.tripId} canClaim={actions.canClaimCharges} />
                <InvoiceCard tripId={trip.tripId} invoice={trip.invoice} canUpload={actions.canUploadInvoice} />
                <CancelAndReplace
                  tripId={trip.tripId}
                  canCancel={actions.canCancel}
                  canReplace={actions.canReplaceVehicle}
                  driverName={trip.driverName}
                />
                {version === 2 ? (
                  <Card withBorder radius="md" padding="sm">
                    <Title order={5} mb="xs">
                      {t('timeline')}
                    </Title>
                    <TripTimeline steps={timeline} />
                  </Card>
                ) : (
                  <Anchor component={Link} to={pathWith(paths.tripDetailsV2, { tripId: trip.tripId })} size="sm">
                    {t('openFull')}
                  </Anchor>
                )}
                <Anchor
                  component={Link}
                  to={`${paths.ticketsChat}?tripId=${encodeURIComponent(trip.tripId)}&vNum=${encodeURIComponent(trip.vehicleNumber ?? '')}`}
                  size="sm"
                >
                  {t('help')}
                </Anchor>
              </Stack>
            );
          }}
        </QueryState>
      )}
    </Container>
  );
}
