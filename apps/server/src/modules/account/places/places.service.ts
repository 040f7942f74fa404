import type { Place } from '@bhada/contracts/account/places';
import type { ServiceContext } from '../../../lib/context.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './places.repository.ts';

export type PlaceOwner = repo.PlaceOwner;

/**
 * Whose saved places a caller keeps and sees (ADR 115): an operator's owner and subordinates share the
 * operator's, a consigner's users share the consigner's, an admin keeps their own.
 */
export function placeOwnerOf(actor: { userId: string; operatorId: OperatorId | null; consignerCode: ConsignerCode | null }): PlaceOwner {
  if (actor.operatorId) return { kind: 'OPERATOR', id: actor.operatorId };
  if (actor.consignerCode) return { kind: 'CONSIGNER', id: actor.consignerCode };
  return { kind: 'USER', id: actor.userId };
}

const PIN = /^[1-9][0-9]{5}$/;

const toPlace = (h: repo.PlaceHit): Place => ({
  placeId: h.id,
  name: h.name,
  // a saved place picked from nowhere in the gazetteer has no address: its coordinates stand in
  address: h.address || `${h.lat.toFixed(4)}, ${h.lng.toFixed(4)}`,
  city: h.city,
  state: h.state,
  addressType: h.addressType,
  location: { lat: h.lat, lng: h.lng },
  ...(h.saved ? { saved: true } : {}),
});

/**
 * Place search over the gazetteer (ADR 113) for both search routes: the caller's saved places that match
 * come first (shown as warehouses, so a type filter without WAREHOUSE leaves them out), then curated places
 * and districts, then post-office localities; a six-digit text is a PIN code. One database statement.
 */
export async function searchPlaces(
  ctx: ServiceContext,
  p: { owner: PlaceOwner | null; text: string; addressTypes: Place['addressType'][]; limit: number },
): Promise<Place[]> {
  const text = p.text.trim().replace(/\s+/g, ' ');
  const types = p.addressTypes;
  if (PIN.test(text)) return (await repo.searchByPin(ctx.db, { pin: text, types, limit: p.limit })).map(toPlace);
  const hits = await repo.searchByName(ctx.db, {
    owner: p.owner,
    text,
    types,
    withSaved: types.length === 0 || types.includes('WAREHOUSE'),
    withLocalities: types.length === 0 || types.includes('LOCALITY'),
    limit: p.limit,
  });
  return hits.map(toPlace);
}
