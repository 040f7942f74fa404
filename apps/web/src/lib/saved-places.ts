import { savedPlaceSchema, savedPlacesResponseSchema } from '@bhada/contracts/account/places';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from './http.ts';

/**
 * The caller's saved places (ADR 115). Shared here because two features keep them: the Places page
 * (account) and the post-load form's place picker (loads); features do not import each other.
 */
const APP = '/api/odin/v2/map/app';
export const savedPlacesKey = ['saved-places'] as const;

export const useSavedPlaces = () =>
  useQuery({
    queryKey: savedPlacesKey,
    queryFn: ({ signal }) => http.get(`${APP}/saved-places`, { schema: savedPlacesResponseSchema, signal }),
  });

/** spec "saved places POST" (and the analytics selection of the result it came from) */
export function useSavePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { placeName: string; placeLat: number; placeLng: number; placeId?: string; searchText?: string }) => {
      const { searchText, ...place } = body;
      if (place.placeId) {
        await http
          .post(
            `${APP}/selection`,
            { placeId: place.placeId, text: searchText ?? '', source: 'SEARCH' },
            { schema: z.object({ recorded: z.boolean() }) },
          )
          .catch(() => undefined);
      }
      return http.post(`${APP}/saved-places`, place, { schema: savedPlaceSchema, quiet400: true });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: savedPlacesKey }),
  });
}

export function useDeletePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(`${APP}/saved-places/${encodeURIComponent(id)}`, { schema: z.object({ deleted: z.boolean() }) }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedPlacesKey }),
  });
}
