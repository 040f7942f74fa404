import type { TripListItem } from '@bhada/contracts/trips';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatPaisa } from '../../../lib/format.ts';
import { paths, pathWith } from '../../../lib/paths.ts';
import { TripStateBadge } from './trip-state-badge.tsx';

export function TripCard({ trip }: { trip: TripListItem }) {
  const { t } = useTranslation('trips');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={pathWith(paths.tripDetailsV2, { tripId: trip.tripId })}
      aria-label={t('openTrip', { id: trip.tripId })}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {trip.originCity}
            </Text>
            <IconArrowRight size={14} />
            <Text fw={600} truncate>
              {trip.destinationCity}
            </Text>
          </Group>
          <TripStateBadge state={trip.state} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconTruck size={16} />
          <Text size="sm">{trip.vehicleNumber ?? '—'}</Text>
          <Text size="sm" c="dimmed" truncate>
            · {trip.driverName}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {trip.consignerName ?? ''} · {formatDate(trip.createdAt)}
          </Text>
          <Text size="sm" fw={600}>
            {formatPaisa(trip.agreedPriceInPaisa)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
