import type { FleetMap } from '@bhada/contracts/fleet/fleet';
import { describe, expect, it } from 'vitest';
import { applyPositions } from './fleet-live.ts';

const now = new Date('2026-11-25T10:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const map: FleetMap = {
  operatorId: 'OP-A',
  vehicles: [
    {
      vehicleId: 'V1',
      number: 'RJ 14 GA 0001',
      lat: 26.9,
      lng: 75.8,
      speedKmph: 40,
      recordedAt: minutesAgo(5),
      state: 'MOVING',
      tripId: null,
    },
    {
      vehicleId: 'V2',
      number: 'RJ 14 GA 0002',
      lat: 19.1,
      lng: 72.9,
      speedKmph: 0,
      recordedAt: minutesAgo(29),
      state: 'STOPPED',
      tripId: null,
    },
    { vehicleId: 'V3', number: 'RJ 14 GA 0003', lat: 22.0, lng: 77.0, speedKmph: null, recordedAt: null, state: 'OFFLINE', tripId: null },
  ],
  counts: { MOVING: 1, STOPPED: 1, OFFLINE: 1 },
};

describe('applyPositions', () => {
  it('keeps the map as it is when nothing moved and no state changed', () => {
    expect(applyPositions(map, [], now)).toEqual({ map, unknown: 0 });
    expect(applyPositions(map, [], now).map).toBe(map);
  });

  it('turns a vehicle silent for over 30 minutes offline, leaving the others untouched', () => {
    const later = new Date(now.getTime() + 2 * 60_000);
    const { map: next } = applyPositions(map, [], later);
    expect(next.vehicles[1]?.state).toBe('OFFLINE');
    expect(next.vehicles[0]).toBe(map.vehicles[0]);
    expect(next.counts).toEqual({ MOVING: 1, STOPPED: 0, OFFLINE: 2 });
  });

  it('ignores a pushed position older than the one shown, and counts vehicles the map does not hold', () => {
    const { map: next, unknown } = applyPositions(
      map,
      [
        { vehicleId: 'V1', lat: 1, lng: 1, speedKmph: 0, recordedAt: minutesAgo(10), tripId: null },
        { vehicleId: 'V3', lat: 23, lng: 78, speedKmph: 2, recordedAt: minutesAgo(0), tripId: 'T9' },
        { vehicleId: 'NEW', lat: 23, lng: 78, speedKmph: 2, recordedAt: minutesAgo(0), tripId: null },
      ],
      now,
    );
    expect(next.vehicles[0]).toBe(map.vehicles[0]);
    expect(next.vehicles[2]).toMatchObject({ lat: 23, lng: 78, state: 'STOPPED', tripId: 'T9' });
    expect(next.counts).toEqual({ MOVING: 1, STOPPED: 2, OFFLINE: 0 });
    expect(unknown).toBe(1);
  });
});
