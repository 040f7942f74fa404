import type { LoadSummary } from '@bhada/contracts/marketplace/loads';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconMapPin, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import listCard from '../../../../components/list-card.module.css';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';

// the icon keeps its size and sits on the first line when the text beside it wraps on a phone
const ICON = { flexShrink: 0, marginTop: 2 };

/** Minutes or hours left, as an operator reads it at a glance. */
export function useTimeLeftLabel() {
  const { t } = useTranslation('loads');
  return (seconds: number) => {
    if (seconds <= 0) return t('closed');
    if (seconds < 3600) return t('minutesLeft', { count: Math.max(1, Math.floor(seconds / 60)) });
    return t('hoursLeft', { count: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) });
  };
}

export function LoadCard({ load, onReject, rejecting }: { load: LoadSummary; onReject?: () => void; rejecting?: boolean }) {
  const { t } = useTranslation('loads');
  const timeLeft = useTimeLeftLabel();
  const to = pathWith(paths.activeLoadDetails, { demandId: load.demandId });
  return (
    <Card withBorder radius="md" padding="sm" className={listCard.card}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="md" style={{ lineHeight: 1.3 }}>
            {load.originCity} → {load.destinationCity}
          </Text>
          <Badge variant="light" color={stateColor(load.state)} style={{ flexShrink: 0 }}>
            {t(`states.${load.state}`)}
          </Badge>
        </Group>
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconTruck size={16} aria-hidden style={ICON} />
          <Text size="sm" style={{ minWidth: 0 }}>
            {load.vehicleType} · {load.tonnage} {t('tonnes')} · {load.material}
          </Text>
        </Group>
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden style={ICON} />
          <Text size="sm" style={{ minWidth: 0 }}>
            {t('distanceKm', { km: load.distanceKm })}
            {load.nearestVehicleKm !== null ? ` · ${t('nearestVehicle', { km: load.nearestVehicleKm })}` : ''}
          </Text>
        </Group>
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconClock size={16} aria-hidden style={ICON} />
          <Text size="sm" style={{ minWidth: 0 }}>
            {t('loadingOn', { when: formatDateTime(load.loadingAt) })}
            {load.loadState === 'OPEN' ? ` · ${timeLeft(load.timeLeft)}` : ''}
          </Text>
        </Group>
        <Group gap="xs">
          {load.vehicleMatch ? (
            <Badge size="sm" color="teal" variant="dot">
              {t('fitsFleet')}
            </Badge>
          ) : null}
          <Badge size="sm" variant="outline">
            {t('token', { amount: formatRupees(load.tokenAmount) })}
          </Badge>
          {load.myQuote !== null ? (
            <Badge size="sm" color="blue" variant="light">
              {t('myQuote', { amount: formatRupees(load.myQuote) })}
            </Badge>
          ) : null}
        </Group>
        <Group justify="flex-end" gap="xs" mt={4}>
          {onReject ? (
            <Button variant="subtle" color="gray" size="xs" onClick={onReject} loading={rejecting}>
              {t('notInterested')}
            </Button>
          ) : null}
          <Button component={Link} to={to} size="xs">
            {load.state === 'WON' ? t('payToken') : load.state === 'OPEN' || load.state === 'QUOTED' ? t('quoteNow') : t('view')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function stateColor(state: LoadSummary['state']) {
  return { OPEN: 'blue', QUOTED: 'indigo', WON: 'teal', CONFIRMED: 'green', LOST: 'gray' }[state];
}
