import {
  type FleetMap,
  type FleetPosition,
  fleetMapSchema,
  fleetPositionsEventSchema,
  fleetTopic,
  fleetVehicleDetailSchema,
  gpsEligibilitySchema,
  gpsInfoSchema,
  gpsOrderSchema,
} from '@bhada/contracts/fleet/fleet';
import { deviceSchema, registeredDeviceSchema } from '@bhada/contracts/trips/tracking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { http } from '../../../../lib/http.ts';
import { applyPositions } from '../lib/fleet-live.ts';
import { fleetKeys } from './fleet-keys.ts';

const V1 = '/api/rest/tesseract/v1';

/** spec "GPS order and info" */
export const useGpsInfo = () =>
  useQuery({ queryKey: fleetKeys.gps(), queryFn: ({ signal }) => http.get(`${V1}/gps/order-info`, { schema: gpsInfoSchema, signal }) });

/** spec "vehicle gps-eligibility" */
export const useGpsEligibility = (vehicleId: string | null) =>
  useQuery({
    queryKey: fleetKeys.eligibility(vehicleId ?? ''),
    queryFn: ({ signal }) =>
      http.get(`${V1}/vehicle/${encodeURIComponent(vehicleId ?? '')}/gps-eligibility`, { schema: gpsEligibilitySchema, signal }),
    enabled: Boolean(vehicleId),
  });

/** spec "vehicle install-gps" */
export function useInstallGps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: string) =>
      http.post(`${V1}/vehicle/${encodeURIComponent(vehicleId)}/install-gps`, {}, { schema: gpsOrderSchema, quiet400: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

/** How often the map is read again while its event stream is down (ADR 103). */
export const FLEET_FALLBACK_REFRESH_MS = 60_000;
/** How often vehicles' states are read again against the clock, so a silent one turns offline. */
const AGE_EVERY_MS = 60_000;

/** the fleet on the map; read again every minute only while the live stream is down */
export const useFleetMap = (live: boolean) =>
  useQuery({
    queryKey: fleetKeys.map(),
    queryFn: ({ signal }) => http.get('/api/fleet/map', { schema: fleetMapSchema, signal }),
    refetchInterval: live ? false : FLEET_FALLBACK_REFRESH_MS,
  });

/**
 * Follows the operator's live positions (`fleet:{operatorId}`) and applies each push to the map held in
 * the query cache. Returns whether the stream is open: while it is not, the map falls back to reading
 * itself every minute.
 */
export function useFleetLive(operatorId: string | undefined) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const apply = useCallback(
    (positions: FleetPosition[]) => {
      let unknown = 0;
      queryClient.setQueryData<FleetMap>(fleetKeys.map(), (old) => {
        if (!old) return old;
        const next = applyPositions(old, positions, new Date());
        unknown = next.unknown;
        return next.map;
      });
      if (unknown) void queryClient.invalidateQueries({ queryKey: fleetKeys.map(), exact: true });
    },
    [queryClient],
  );
  useEventStream(
    operatorId ? fleetTopic(operatorId) : '',
    Boolean(operatorId),
    {
      POSITIONS: (event) => {
        const parsed = fleetPositionsEventSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) apply(parsed.data.positions);
      },
    },
    {
      onOpen: () => setLive(true),
      onDown: () => setLive(false),
    },
  );
  useEffect(() => {
    const timer = setInterval(() => apply([]), AGE_EVERY_MS);
    return () => clearInterval(timer);
  }, [apply]);
  return live;
}

export const useFleetVehicle = (vehicleId: string | null) =>
  useQuery({
    queryKey: fleetKeys.mapVehicle(vehicleId ?? ''),
    queryFn: ({ signal }) =>
      http.get(`/api/fleet/map/${encodeURIComponent(vehicleId ?? '')}`, { schema: fleetVehicleDetailSchema, signal }),
    enabled: Boolean(vehicleId),
  });

// devices (the tracking area's calls)
export const useDevices = () =>
  useQuery({
    queryKey: fleetKeys.devices(),
    queryFn: ({ signal }) => http.get('/api/tracking/devices', { schema: z.array(deviceSchema), signal }),
  });

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { vehicleId: string; label: string }) =>
      http.post('/api/tracking/devices', body, { schema: registeredDeviceSchema, quiet400: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}

export function useRevokeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => http.delete(`/api/tracking/devices/${encodeURIComponent(deviceId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
  });
}
