import 'leaflet/dist/leaflet.css';
import type { FleetMap } from '@bhada/contracts/fleet/fleet';
import { Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Polyline, TileLayer, useMap } from 'react-leaflet';
import { MapZoom } from '../../../../components/map-zoom.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useFleetLive, useFleetMap, useFleetVehicle } from '../api/gps.ts';
import { FleetLayer } from '../components/fleet-layer.tsx';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

function FitOnce({ points }: { points: Array<[number, number]> }) {
  const map = useMap();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !points.length) return;
    map.fitBounds(points, { padding: [24, 24], maxZoom: 11 });
    setDone(true);
  }, [map, points, done]);
  return null;
}

function VehiclePanel({ vehicleId, onClose }: { vehicleId: string; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const detail = useFleetVehicle(vehicleId);
  return (
    <Card withBorder padding="sm">
      <QueryState query={detail}>
        {(d) => (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={700}>{d.number}</Text>
              <Button size="xs" variant="subtle" onClick={onClose} mih={44}>
                {t('map.close')}
              </Button>
            </Group>
            <Text size="sm">
              {d.trip ? t('map.trip', { origin: d.trip.origin, destination: d.trip.destination, state: d.trip.state }) : t('map.noTrip')}
            </Text>
            <Text size="sm" fw={600}>
              {t('map.lastPositions')}
            </Text>
            {d.positions.length ? (
              d.positions.slice(0, 5).map((p) => (
                <Text size="xs" key={p.recordedAt}>
                  {formatDateTime(p.recordedAt)} · {p.speedKmph === null ? '—' : t('map.speed', { speed: Math.round(p.speedKmph) })}
                </Text>
              ))
            ) : (
              <Text size="xs" c="dimmed">
                {t('map.noPositions')}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

/**
 * GPS Dashboard (menu): the whole fleet on a map by its last position, moved live by the operator's
 * positions on the event stream (ADR 103); read again every minute only while the stream is down.
 */
export default function GpsDashboardPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('map.title'));
  const [operatorId, setOperatorId] = useState<string>();
  const live = useFleetLive(operatorId);
  const map = useFleetMap(live);
  const mapOperator = map.data?.operatorId;
  useEffect(() => {
    if (mapOperator) setOperatorId(mapOperator);
  }, [mapOperator]);
  const [selected, setSelected] = useState<string | null>(null);
  const points = useMemo(() => (map.data?.vehicles ?? []).map((v) => [v.lat, v.lng] as [number, number]), [map.data]);
  const trail = useFleetVehicle(selected);
  const label = useCallback(
    (v: FleetMap['vehicles'][number]) =>
      `${v.number} · ${t(`map.state.${v.state}`)}${v.recordedAt ? ` · ${formatDateTime(v.recordedAt)}` : ''}`,
    [t],
  );

  return (
    <Container size="xl" px="sm" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('map.title')}</Title>
          <Button
            mih={44}
            variant="light"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void map.refetch()}
            loading={map.isFetching}
          >
            {t('map.refresh')}
          </Button>
        </Group>
        <QueryState query={map} isEmpty={(d) => d.vehicles.length === 0} empty={<Text c="dimmed">{t('map.empty')}</Text>}>
          {(data) => (
            <Stack>
              <Group gap="xs">
                <Badge color={live ? 'teal' : 'gray'} size="lg" variant="dot" data-testid="fleet-live">
                  {live ? t('map.live') : t('map.notLive')}
                </Badge>
                {(['MOVING', 'STOPPED', 'OFFLINE'] as const).map((s) => (
                  <Badge key={s} color={s === 'MOVING' ? 'green' : s === 'STOPPED' ? 'orange' : 'gray'} size="lg" variant="light">
                    {t(`map.${s}`, { count: data.counts[s] })}
                  </Badge>
                ))}
              </Group>
              <div style={{ height: '60vh', minHeight: 320 }} data-testid="fleet-map">
                <MapContainer center={[23.5, 78.9]} zoom={5} zoomControl={false} preferCanvas style={{ height: '100%', width: '100%' }}>
                  <MapZoom />
                  <TileLayer url={TILE_URL} attribution={ATTRIBUTION} />
                  <FitOnce points={points} />
                  <FleetLayer vehicles={data.vehicles} selected={selected} onPick={setSelected} label={label} />
                  {trail.data && trail.data.positions.length > 1 ? (
                    <Polyline
                      positions={trail.data.positions.map((p) => [p.lat, p.lng] as [number, number])}
                      pathOptions={{ color: '#364fc7' }}
                    />
                  ) : null}
                </MapContainer>
              </div>
              {selected ? (
                <VehiclePanel vehicleId={selected} onClose={() => setSelected(null)} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('map.hint')}
                </Text>
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
