import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { TripListItem } from '@bhada/contracts/trips/trips';
import { Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import listCard from '../../../../components/list-card.module.css';
import { formatDate } from '../../../../lib/format.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { TripStateBadge } from './trip-state-badge.tsx';

export function TripCard({ trip }: { trip: TripListItem }) {
  const { t } = useTranslation('trips');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      className={`${listCard.card} ${listCard.compact}`}
      component={Link}
      to={pathWith(paths.tripDetailsV2, { tripId: trip.tripId })}
    >
      {/* the link's name is its content (lane, state, vehicle, amount), led by which trip it opens */}
      <VisuallyHidden>{t('openTrip', { id: trip.tripId })}</VisuallyHidden>
      <Stack gap={6}>
        {/* at 360 px a long lane and a long state do not fit one line: the badge wraps below */}
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {trip.originCity}
            </Text>
            <IconArrowRight size={14} />
            <Text fw={600} truncate>
              {trip.destinationCity}
            </Text>
          </Group>
          <TripStateBadge state={trip.state} style={{ flexShrink: 0 }} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconTruck size={16} />
          <Text size="sm">{trip.vehicleNumber ?? '—'}</Text>
          <Text size="sm" c="dimmed" truncate>
            · {trip.driverName}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" truncate>
            {trip.consignerName ?? ''} · {formatDate(trip.createdAt)}
          </Text>
          <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
            {formatPaisa(trip.agreedPriceInPaisa)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
