import 'leaflet/dist/leaflet.css';
import type { mapClusterSchema } from '@bhada/contracts/operations/operations';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMapEvents } from 'react-leaflet';
import type { z } from 'zod';
import { MapZoom } from '../../../../components/map-zoom.tsx';

const TILE_URL = import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';
const STATE_COLOURS: Record<string, string> = {
  SCHEDULED: '#868e96',
  REPORTED: '#1c7ed6',
  LOADED: '#7048e8',
  IN_TRANSIT: '#f08c00',
  REACHED: '#2f9e44',
  UNLOADED: '#0b7285',
};

type Cluster = z.infer<typeof mapClusterSchema>;
export type View = { zoom: number; bbox: string };

function ViewWatcher({ onView }: { onView: (v: View) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const b = map.getBounds();
      onView({ zoom: map.getZoom(), bbox: [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()].map((n) => n.toFixed(3)).join(',') });
    },
  });
  return null;
}

/**
 * The scheduled vehicles as markers grouped by area (the server clusters by a grid that follows the
 * zoom), so thousands of vehicles stay a few hundred markers; a single vehicle can be picked.
 */
export function ScheduleMap({
  clusters,
  path,
  current,
  onView,
  onPick,
}: {
  clusters: Cluster[];
  path: Array<[number, number]>;
  current: { lat: number; lng: number } | null;
  onView: (v: View) => void;
  onPick: (id: string) => void;
}) {
  return (
    <MapContainer center={[22.5, 79]} zoom={5} zoomControl={false} style={{ height: 420, width: '100%', borderRadius: 8 }} preferCanvas>
      <MapZoom />
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} />
      <ViewWatcher onView={onView} />
      {clusters.map((c) => (
        <CircleMarker
          key={`${c.lat.toFixed(4)}-${c.lng.toFixed(4)}-${c.count}`}
          center={[c.lat, c.lng]}
          radius={c.count === 1 ? 7 : Math.min(26, 9 + Math.log2(c.count) * 3)}
          pathOptions={{ color: c.state ? (STATE_COLOURS[c.state] ?? '#495057') : '#495057', fillOpacity: 0.7 }}
          eventHandlers={{ click: () => c.id && onPick(c.id) }}
        >
          <Tooltip>{c.count === 1 ? `${c.vehicleNumber} · ${c.state}` : `${c.count}`}</Tooltip>
        </CircleMarker>
      ))}
      {path.length > 1 && <Polyline positions={path} pathOptions={{ color: '#1c7ed6', weight: 4 }} />}
      {current && <CircleMarker center={[current.lat, current.lng]} radius={10} pathOptions={{ color: '#e03131', fillOpacity: 0.9 }} />}
    </MapContainer>
  );
}
