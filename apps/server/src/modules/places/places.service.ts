import type { Place } from '@bhada/contracts/places';
import { PLACES } from './places.data.ts';

/**
 * Place search for loading and unloading points and load lanes: prefix matches rank above
 * substring matches; an empty text lists cities first.
 */
export function searchPlaces(input: { searchText: string; addressTypes: Place['addressType'][]; limit: number }): Place[] {
  const text = input.searchText.trim().toLowerCase();
  const types = new Set(input.addressTypes);
  const scored: Array<{ place: Place; score: number }> = [];
  for (const place of PLACES) {
    if (types.size && !types.has(place.addressType)) continue;
    const name = place.name.toLowerCase();
    const hay = `${name} ${place.city.toLowerCase()} ${place.address.toLowerCase()}`;
    let score: number;
    if (!text) score = place.addressType === 'CITY' ? 0 : 1;
    else if (name.startsWith(text)) score = 0;
    else if (place.city.toLowerCase().startsWith(text)) score = 1;
    else if (hay.includes(text)) score = 2;
    else continue;
    scored.push({ place, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.place.name.localeCompare(b.place.name))
    .slice(0, input.limit)
    .map((s) => s.place);
}
