import 'leaflet/dist/leaflet.css';
import type { TripTracking as Tracking } from '@bhada/contracts/trips/tracking';
import { Alert, Badge, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { MapZoom } from '../../../../components/map-zoom.tsx';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { useStored } from '../../../../lib/storage.ts';
import { useTracking } from '../api/get-tracking.ts';

/** tile server: VITE_MAP_TILE_URL, default OpenStreetMap (its attribution is required) */
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

type Live = { lat: number; lng: number; recordedAt: string };

/** Moves the marker when the server publishes a new position for this trip. */
function useLivePosition(tripId: string): Live | null {
  const token = useStored('accessToken');
  const [live, setLive] = useState<Live | null>(null);
  useEventStream(`trip:${tripId}`, Boolean(token), {
    POSITION: (event) => {
      try {
        const data = JSON.parse(event.data) as Live;
        setLive({ lat: data.lat, lng: data.lng, recordedAt: data.recordedAt });
      } catch {
        // a malformed event is ignored; the next poll brings the truth
      }
    },
  });
  return live;
}

function FitBounds({ data }: { data: Tracking }) {
  const map = useMap();
  useEffect(() => {
    const pts: Array<[number, number]> = [[data.origin.lat, data.origin.lng], [data.destination.lat, data.destination.lng], ...data.path];
    map.fitBounds(pts, { padding: [24, 24] });
  }, [map, data]);
  return null;
}

/** spec §4: 200 shows the map, 404 a not-found state, 409 reloads (the client does), other failures go to active loads. */
export function TripTrackingCard({ tripId, state }: { tripId: string; state: string }) {
  const { t } = useTranslation('tracking');
  const navigate = useNavigate();
  const query = useTracking(tripId, state);
  const live = useLivePosition(tripId);
  const failed = query.isError && !(isApiError(query.error) && (query.error.status === 404 || query.error.status === 409));
  useEffect(() => {
    if (failed) void navigate(paths.activeLoads, { replace: true });
  }, [failed, navigate]);

  const current = useMemo(() => {
    if (!query.data) return null;
    if (live && live.recordedAt > query.data.current.recordedAt) return live;
    return { ...query.data.current };
  }, [query.data, live]);

  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (query.isError || !query.data || !current) {
    return (
      <Alert color="gray" icon={<IconMapPinOff size={18} />} title={t('notFoundTitle')}>
        {t('notFound')}
      </Alert>
    );
  }
  const data = query.data;
  const path = live ? [...data.path, [live.lat, live.lng] as [number, number]] : data.path;
  return (
    <Card withBorder padding="xs" radius="md">
      <Stack gap="xs">
        {/* isolate: Leaflet's panes and controls (z-index 400–1000) must stay under modals and menus */}
        <div style={{ height: 260, borderRadius: 8, overflow: 'hidden', isolation: 'isolate' }} data-testid="trip-map">
          <MapContainer
            center={[current.lat, current.lng]}
            zoom={7}
            zoomControl={false}
            style={{ height: '100%', width: '100%' }}
            scrollWheelZoom={false}
          >
            <MapZoom />
            <TileLayer url={TILE_URL} attribution={ATTRIBUTION} />
            <FitBounds data={data} />
            <Polyline positions={path} pathOptions={{ color: '#1c7ed6', weight: 4 }} />
            <CircleMarker center={[data.origin.lat, data.origin.lng]} radius={6} pathOptions={{ color: '#2f9e44' }}>
              <Tooltip>{data.origin.name}</Tooltip>
            </CircleMarker>
            <CircleMarker center={[data.destination.lat, data.destination.lng]} radius={6} pathOptions={{ color: '#e03131' }}>
              <Tooltip>{data.destination.name}</Tooltip>
            </CircleMarker>
            {data.stops.map((s) => (
              <CircleMarker key={s.from} center={[s.lat, s.lng]} radius={5} pathOptions={{ color: '#f08c00' }}>
                <Tooltip>{t('stop', { minutes: s.minutes })}</Tooltip>
              </CircleMarker>
            ))}
            <CircleMarker center={[current.lat, current.lng]} radius={9} pathOptions={{ color: '#1864ab', fillOpacity: 0.9 }}>
              <Tooltip permanent>{data.vehicleNumber ?? t('truck')}</Tooltip>
            </CircleMarker>
          </MapContainer>
        </div>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{t('lastSeen', { when: formatDateTime(current.recordedAt) })}</Text>
          {data.stale ? <Badge color="orange">{t('stale')}</Badge> : <Badge color="teal">{t('live')}</Badge>}
          {data.source === 'DRIVER_PHONE' ? <Badge color="blue">{t('fromDriverPhone')}</Badge> : null}
        </Group>
        <Group gap="md">
          <Text size="sm">{t('distanceLeft', { km: Math.round(data.distanceLeftKm) })}</Text>
          {data.etaMinutes !== null ? (
            <Text size="sm">{t('eta', { hours: Math.floor(data.etaMinutes / 60), minutes: data.etaMinutes % 60 })}</Text>
          ) : null}
          <Text size="sm">{t('stops', { count: data.stops.length })}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
