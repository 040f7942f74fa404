import type { FleetMap } from '@bhada/contracts/fleet/fleet';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

type Vehicle = FleetMap['vehicles'][number];
type Held = { marker: L.CircleMarker; vehicle: Vehicle; radius: number };

export const FLEET_COLOURS = { MOVING: '#2f9e44', STOPPED: '#f08c00', OFFLINE: '#868e96' } as const;
const RADIUS = 6;
const PICKED_RADIUS = 9;

/** the vehicle a marker stands for, kept on the marker's options */
const vehicleIdOf = (layer: L.Layer | undefined) => (layer as L.CircleMarker | undefined)?.options as { vehicleId?: string } | undefined;

/**
 * The fleet's markers drawn straight through Leaflet on one canvas (ADR 103): a component per marker
 * (react-leaflet) cost seconds for 2,000 vehicles and a frame of seconds for a push moving them all.
 * Each render compares vehicles by object — a push gives new objects only to the vehicles it moved —
 * and moves, recolours, adds or removes just those markers. One click handler and one tooltip serve the
 * whole group.
 */
export function FleetLayer({
  vehicles,
  selected,
  onPick,
  label,
}: {
  vehicles: readonly Vehicle[];
  selected: string | null;
  onPick: (vehicleId: string) => void;
  label: (vehicle: Vehicle) => string;
}) {
  const map = useMap();
  const latest = useRef({ onPick, label });
  latest.current = { onPick, label };
  const layer = useRef<{ group: L.FeatureGroup; renderer: L.Canvas; held: Map<string, Held> } | null>(null);

  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const group = L.featureGroup();
    const held = new Map<string, Held>();
    group.on('click', (event) => {
      const id = vehicleIdOf((event as L.LeafletEvent & { propagatedFrom?: L.Layer }).propagatedFrom)?.vehicleId;
      if (id) latest.current.onPick(id);
    });
    group.bindTooltip((marker) => {
      const id = vehicleIdOf(marker as L.Layer)?.vehicleId;
      const vehicle = id ? held.get(id)?.vehicle : undefined;
      return vehicle ? latest.current.label(vehicle) : '';
    });
    group.addTo(map);
    layer.current = { group, renderer, held };
    return () => {
      group.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = layer.current;
    if (!current) return;
    const { group, renderer, held } = current;
    const seen = new Set<string>();
    for (const v of vehicles) {
      seen.add(v.vehicleId);
      const radius = v.vehicleId === selected ? PICKED_RADIUS : RADIUS;
      const colour = FLEET_COLOURS[v.state];
      const was = held.get(v.vehicleId);
      if (!was) {
        const marker = L.circleMarker([v.lat, v.lng], {
          renderer,
          radius,
          color: colour,
          fillColor: colour,
          fillOpacity: 0.85,
          weight: 2,
          vehicleId: v.vehicleId,
        } as L.CircleMarkerOptions);
        group.addLayer(marker);
        held.set(v.vehicleId, { marker, vehicle: v, radius });
        continue;
      }
      if (was.vehicle !== v) {
        if (was.vehicle.lat !== v.lat || was.vehicle.lng !== v.lng) was.marker.setLatLng([v.lat, v.lng]);
        if (was.vehicle.state !== v.state) was.marker.setStyle({ color: colour, fillColor: colour });
        was.vehicle = v;
      }
      if (was.radius !== radius) {
        was.marker.setRadius(radius);
        was.radius = radius;
      }
    }
    for (const [id, was] of held) {
      if (seen.has(id)) continue;
      group.removeLayer(was.marker);
      held.delete(id);
    }
  }, [vehicles, selected]);

  return null;
}
