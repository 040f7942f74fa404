import { type DriverRequest, driverSchema } from '@bhada/contracts/fleet/fleet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { fleetKeys } from './fleet-keys.ts';

export const useDrivers = () =>
  useQuery({
    queryKey: fleetKeys.drivers(),
    queryFn: ({ signal }) => http.get('/api/fleet/drivers', { schema: z.array(driverSchema), signal }),
  });

export function useSaveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, body }: { driverId?: string; body: DriverRequest }) =>
      driverId
        ? http.put(`/api/fleet/drivers/${encodeURIComponent(driverId)}`, body, { schema: driverSchema, quiet400: true })
        : http.post('/api/fleet/drivers', body, { schema: driverSchema, quiet400: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.drivers() }),
  });
}

export function useRemoveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (driverId: string) => http.delete(`/api/fleet/drivers/${encodeURIComponent(driverId)}`, { quiet400: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fleetKeys.drivers() }),
  });
}
