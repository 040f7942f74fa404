import { fleetMapSchema, fleetVehicleDetailSchema, gpsEligibilitySchema, gpsInfoSchema, gpsOrderSchema } from '@bhada/contracts/fleet';
import { deviceSchema, registeredDeviceSchema } from '@bhada/contracts/tracking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
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

/** the fleet on the map; refreshed every 30 s (positions arrive about once a minute) */
export const useFleetMap = () =>
  useQuery({
    queryKey: fleetKeys.map(),
    queryFn: ({ signal }) => http.get('/api/fleet/map', { schema: fleetMapSchema, signal }),
    refetchInterval: 30_000,
  });

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
