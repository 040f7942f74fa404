import { type SlotResponse, slotResponseSchema } from '@bhada/contracts/trips/trips';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/http.ts';
import { tripsKeys } from './trips-keys.ts';

export type SlotLocation = SlotResponse['location'];

const base = (tripId: string) => `/api/rest/tesseract/v2/trip/${encodeURIComponent(tripId)}`;

/** Loading slots come from the app's `loading-slot` call (fastag §7.4); unloading from `slot?location=UNLOADING`. */
export function getSlots(tripId: string, location: SlotLocation, signal?: AbortSignal) {
  return location === 'LOADING'
    ? http.get(`${base(tripId)}/loading-slot`, { schema: slotResponseSchema, signal })
    : http.get(`${base(tripId)}/slot`, { query: { location }, schema: slotResponseSchema, signal });
}

export const slotsQueryOptions = (tripId: string, location: SlotLocation) =>
  queryOptions({ queryKey: tripsKeys.slots(tripId, location), queryFn: ({ signal }) => getSlots(tripId, location, signal) });

export function useSlots(tripId: string, location: SlotLocation, enabled: boolean) {
  return useQuery({ ...slotsQueryOptions(tripId, location), enabled });
}

export function bookSlot(input: { tripId: string; location: SlotLocation; start: string }) {
  // a taken or stale window answers 400 with its own message, shown beside the choice
  return input.location === 'LOADING'
    ? http.post(`${base(input.tripId)}/loading-slot`, { start: input.start }, { schema: slotResponseSchema, quiet400: true })
    : http.patch(
        `${base(input.tripId)}/slot`,
        { location: input.location, start: input.start },
        { schema: slotResponseSchema, quiet400: true },
      );
}

export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSlot,
    meta: { quiet: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripsKeys.all }),
  });
}
