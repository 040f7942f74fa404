import type { Place } from '@bhada/contracts/places';
import type { ServiceContext } from '../../lib/context.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import * as repo from './places.repository.ts';

const PIN = /^[1-9][0-9]{5}$/;

const toPlace = (h: repo.PlaceHit): Place => ({
  placeId: h.id,
  name: h.name,
  // a saved place has no address of its own: its coordinates stand in
  address: h.saved ? `${h.lat.toFixed(4)}, ${h.lng.toFixed(4)}` : h.address,
  city: h.city,
  state: h.state,
  addressType: h.addressType,
  location: { lat: h.lat, lng: h.lng },
});

/**
 * Place search over the gazetteer (ADR 113) for both search routes: the operator's saved places that match
 * come first (shown as warehouses, so a type filter without WAREHOUSE leaves them out), then curated places
 * and districts, then post-office localities; a six-digit text is a PIN code. One database statement.
 */
export async function searchPlaces(
  ctx: ServiceContext,
  p: { operatorId: OperatorId | null; text: string; addressTypes: Place['addressType'][]; limit: number },
): Promise<Place[]> {
  const text = p.text.trim().replace(/\s+/g, ' ');
  const types = p.addressTypes;
  if (PIN.test(text)) return (await repo.searchByPin(ctx.db, { pin: text, types, limit: p.limit })).map(toPlace);
  const hits = await repo.searchByName(ctx.db, {
    operatorId: p.operatorId,
    text,
    types,
    withSaved: types.length === 0 || types.includes('WAREHOUSE'),
    withLocalities: types.length === 0 || types.includes('LOCALITY'),
    limit: p.limit,
  });
  return hits.map(toPlace);
}
