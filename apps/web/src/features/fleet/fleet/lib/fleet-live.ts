import { type FleetMap, type FleetPosition, fleetStateOf } from '@bhada/contracts/fleet/fleet';

/**
 * The map with pushed positions applied (ADR 103) and every vehicle's state read again against `now`
 * (a vehicle silent for 30 minutes turns offline without a push). Vehicles that did not change keep
 * their object, so their markers do not redraw; `unknown` counts pushed vehicles the map does not hold
 * (added since it was read), for which the caller reads the map again.
 */
export function applyPositions(map: FleetMap, positions: readonly FleetPosition[], now: Date): { map: FleetMap; unknown: number } {
  const pushed = new Map(positions.map((p) => [p.vehicleId, p]));
  let changed = false;
  const counts = { MOVING: 0, STOPPED: 0, OFFLINE: 0 };
  const vehicles = map.vehicles.map((v) => {
    const p = pushed.get(v.vehicleId);
    pushed.delete(v.vehicleId);
    const newer = p && (!v.recordedAt || p.recordedAt >= v.recordedAt) ? p : null;
    const last = newer ?? (v.recordedAt ? { speedKmph: v.speedKmph, recordedAt: v.recordedAt } : null);
    const state = fleetStateOf(last, now);
    counts[state]++;
    if (!newer && state === v.state) return v;
    changed = true;
    return newer
      ? { ...v, lat: newer.lat, lng: newer.lng, speedKmph: newer.speedKmph, recordedAt: newer.recordedAt, tripId: newer.tripId, state }
      : { ...v, state };
  });
  return { map: changed ? { ...map, vehicles, counts } : map, unknown: pushed.size };
}
