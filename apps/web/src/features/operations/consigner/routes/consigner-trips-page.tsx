import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { ConsignerBalances, TripBalance } from '@bhada/contracts/money/payments';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useTripBalances } from '../../../../lib/shared-data/trip-balances.ts';
import { DemandDocuments } from '../components/demand-documents.tsx';

/**
 * /portal/consigner/trips: the consigner's trips with what is due on each and a Pay button
 * (spec fastag §2.2 leaves the content open; marketplace §7 Consigner payment gives the balances).
 */
export function ConsignerTripsPage() {
  const { t } = useTranslation('consigner');
  usePageTitle(t('trips.title'));
  const query = useTripBalances();
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={3}>{t('trips.title')}</Title>
      <QueryState query={query} isEmpty={(data) => data.balances.length === 0} empty={<EmptyState text={t('trips.empty')} />}>
        {(data) => <TripsWithBalances data={data} />}
      </QueryState>
    </Stack>
  );
}

function TripsWithBalances({ data }: { data: ConsignerBalances }) {
  const { t } = useTranslation('consigner');
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('trips.totalDue')}
          </Text>
          <Text size="xl" fw={700} data-testid="total-due">
            {formatPaisa(data.totalBalanceInPaisa)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            {t('trips.tds')}
          </Text>
          <Text size="xl" fw={700}>
            {formatPaisa(data.tdsAmount)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('trips.tdsHint')}
          </Text>
        </Paper>
      </SimpleGrid>
      {data.creditInPaisa > 0 && (
        <Alert color="blue" data-testid="consigner-credit">
          {t('trips.credit', { amount: formatPaisa(data.creditInPaisa) })}
        </Alert>
      )}
      <Stack gap="sm">
        {data.balances.map((trip) => (
          <TripCard key={trip.tripId} trip={trip} />
        ))}
      </Stack>
    </>
  );
}

function TripCard({ trip }: { trip: TripBalance }) {
  const { t } = useTranslation('consigner');
  return (
    <Paper withBorder radius="md" p="md" data-testid={`trip-${trip.tripId}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>
            {trip.originCity} → {trip.destinationCity}
          </Text>
          <Text size="sm" c="dimmed">
            {trip.tripId} · {trip.vehicleNumber} · {formatDate(trip.createdAt)}
          </Text>
        </div>
        <Badge variant="light" color={trip.state === 'COMPLETED' ? 'teal' : 'blue'}>
          {t(`trips.states.${trip.state}`, { defaultValue: trip.state })}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm">
        <Amount label={t('trips.freight')} paisa={trip.freightInPaisa} />
        <Amount label={t('trips.paid')} paisa={trip.paidInPaisa} />
        {trip.pendingInPaisa > 0 ? <Amount label={t('trips.pending')} paisa={trip.pendingInPaisa} /> : null}
        <Amount label={t('trips.due')} paisa={trip.balanceInPaisa} strong />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        {trip.balanceInPaisa > 0 ? (
          <Button component={Link} to={pathWith(paths.consignerTripPay, { tripId: trip.tripId })} size="sm">
            {t('trips.pay')}
          </Button>
        ) : (
          <Badge color="teal" variant="filled">
            {trip.pendingInPaisa > 0 ? t('trips.atBank') : t('trips.paidInFull')}
          </Badge>
        )}
      </Group>
      {/* operations: the demand's documents */}
      <DemandDocuments demandId={trip.demandId} />
    </Paper>
  );
}

function Amount({ label, paisa, strong }: { label: string; paisa: number; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {formatPaisa(paisa)}
      </Text>
    </div>
  );
}

export default ConsignerTripsPage;
