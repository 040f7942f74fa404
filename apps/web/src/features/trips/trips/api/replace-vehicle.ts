import { reasonsResponseSchema } from '@bhada/contracts/trips/trips';
import { operatorVehiclesResponseSchema } from '@bhada/contracts/account/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export function useReplaceReasons(tripId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tripsKeys.reasons(tripId, 'REPLACE_VEHICLE'),
      queryFn: ({ signal }) =>
        http.get(`/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}/replace-vehicle-reasons`, {
          schema: reasonsResponseSchema,
          signal,
        }),
      enabled,
    }),
  );
}

/** the operator's vehicles to choose a replacement from (served by the users area) */
export function useOperatorVehicles(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...tripsKeys.all, 'operator-vehicles'],
      queryFn: ({ signal }) => http.get('/api/vehicle/getAll', { schema: operatorVehiclesResponseSchema, signal }),
      enabled,
    }),
  );
}

export type ReplaceVehicleInput = { tripId: string; vehicleId: string; driverName: string; driverNumber: string; reasonCode: string };

export function replaceVehicle(body: ReplaceVehicleInput) {
  // spec spelling of the path (fastag §7.4: trip/replace-vehice)
  return http.post('/api/rest/tesseract/v2/trip/replace-vehice', body, {
    schema: z.object({ tripId: z.string(), vehicleId: z.string(), vehicleNumber: z.string() }),
    quiet400: true,
  });
}

export function useReplaceVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceVehicle,
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}
