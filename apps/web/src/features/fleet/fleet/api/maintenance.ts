import {
  type MaintenanceDoneRequest,
  type MaintenanceReminderRequest,
  maintenanceReminderSchema,
  maintenanceVehicleSchema,
} from '@bhada/contracts/fleet/fleet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../../lib/http.ts';
import { fleetKeys } from './fleet-keys.ts';

/** Maintenance (ADR 101): every vehicle with its document expiries and service reminders. */
export const useMaintenance = () =>
  useQuery({
    queryKey: fleetKeys.maintenance(),
    queryFn: ({ signal }) => http.get('/api/fleet/maintenance', { schema: z.array(maintenanceVehicleSchema), signal }),
  });

export function useAddReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceReminderRequest) =>
      http.post('/api/fleet/maintenance/reminders', body, { schema: maintenanceReminderSchema, quiet400: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.maintenance() }),
  });
}

export function useMarkReminderDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reminderId, body }: { reminderId: string; body: MaintenanceDoneRequest }) =>
      http.post(`/api/fleet/maintenance/reminders/${encodeURIComponent(reminderId)}/done`, body, {
        schema: maintenanceReminderSchema,
        quiet400: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.maintenance() }),
  });
}
