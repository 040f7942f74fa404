import type { Place, SavedPlace } from '@bhada/contracts/places';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { OperatorId } from '../../lib/tenancy.ts';
import { PLACES } from './places.data.ts';
import * as repo from './places.repository.ts';
import { searchPlaces } from './places.service.ts';

const PIN_IN_TEXT = /\b([1-9][0-9]{5})\b/;
const pinOf = (place: Place) => PIN_IN_TEXT.exec(place.address)?.[1];

/**
 * A PIN code resolves to the places carrying it; failing that, to the places of its sorting district
 * (the first three digits), so a PIN near a known place still finds it.
 */
export function placesByPin(pin: string, types: Place['addressType'][], limit: number): Place[] {
  const allowed = (p: Place) => types.length === 0 || types.includes(p.addressType);
  const exact = PLACES.filter((p) => allowed(p) && pinOf(p) === pin);
  if (exact.length) return exact.slice(0, limit);
  return PLACES.filter((p) => allowed(p) && pinOf(p)?.slice(0, 3) === pin.slice(0, 3)).slice(0, limit);
}

const toSaved = (r: repo.SavedPlaceRow): SavedPlace => ({
  id: r.id,
  placeName: r.placeName,
  placeLat: r.placeLat,
  placeLng: r.placeLng,
  placeId: r.placeId,
  createdAt: r.createdAt.toISOString(),
});

/** A saved place as a search result (its placeId is the saved place's id). */
const savedAsPlace = (s: repo.SavedPlaceRow): Place => ({
  placeId: s.id,
  name: s.placeName,
  address: `${s.placeLat.toFixed(4)}, ${s.placeLng.toFixed(4)}`,
  city: s.placeName,
  state: '',
  addressType: 'WAREHOUSE',
  location: { lat: s.placeLat, lng: s.placeLng },
});

/**
 * spec "GET /odin/v2/map/app/search (text, addressTypes)": the operator's saved places that match come
 * first, then the gazetteer; a six-digit text is a PIN code.
 */
export async function appSearch(
  ctx: ServiceContext,
  p: { operatorId: OperatorId | null; text: string; addressTypes: Place['addressType'][]; limit: number },
): Promise<Place[]> {
  const text = p.text.trim();
  if (/^[1-9][0-9]{5}$/.test(text)) return placesByPin(text, p.addressTypes, p.limit);
  const saved = p.operatorId ? await repo.listSavedPlaces(ctx.db, { operatorId: p.operatorId }) : [];
  const lower = text.toLowerCase();
  const mine = saved.filter((s) => !lower || s.placeName.toLowerCase().includes(lower)).map(savedAsPlace);
  const typed = p.addressTypes.length === 0 || p.addressTypes.includes('WAREHOUSE') ? mine : [];
  return [...typed, ...searchPlaces({ searchText: text, addressTypes: p.addressTypes, limit: p.limit })].slice(0, p.limit);
}

export async function listSavedPlaces(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<SavedPlace[]> {
  return (await repo.listSavedPlaces(ctx.db, p)).map(toSaved);
}

/** spec "saved places POST": a name unique per operator (409 when taken). */
export async function savePlace(
  ctx: ServiceContext,
  p: { operatorId: OperatorId; userId: string; place: { placeName: string; placeLat: number; placeLng: number; placeId?: string } },
): Promise<SavedPlace> {
  const row = await repo.insertSavedPlace(ctx.db, {
    id: newId('SP', 10),
    operatorId: p.operatorId,
    placeName: p.place.placeName,
    placeLat: p.place.placeLat,
    placeLng: p.place.placeLng,
    placeId: p.place.placeId ?? null,
    createdBy: p.userId,
  });
  if (!row) throw new AppError('CONFLICT', 'A saved place already has this name', { field: 'placeName' });
  return toSaved(row);
}

export async function deleteSavedPlace(ctx: ServiceContext, p: { operatorId: OperatorId; id: string }): Promise<{ deleted: boolean }> {
  if (!(await repo.deleteSavedPlace(ctx.db, p))) throw notFound('Saved place not found');
  return { deleted: true };
}

/** spec "POST places analytics selection": which result a search led to. */
export async function recordSelection(
  ctx: ServiceContext,
  p: { operatorId: OperatorId | null; userId: string; selection: { placeId: string; text: string; source: string; position?: number } },
): Promise<{ recorded: boolean }> {
  await repo.insertSelection(ctx.db, {
    operatorId: p.operatorId,
    userId: p.userId,
    placeId: p.selection.placeId,
    searchText: p.selection.text,
    source: p.selection.source,
    position: p.selection.position ?? null,
  });
  return { recorded: true };
}

/**
 * spec "autocomplete: place, vehicle, consigner (text, searchText, exp, operator id)": suggestions of one
 * kind for the session's operator; `exp` asks for 20 instead of 8.
 */
export async function autocomplete(
  ctx: ServiceContext,
  p: { operatorId: OperatorId; type: 'place' | 'vehicle' | 'consigner'; text: string; expanded: boolean },
) {
  const limit = p.expanded ? 20 : 8;
  if (p.type === 'vehicle') {
    const rows = await repo.searchVehicles(ctx.db, { operatorId: p.operatorId, text: p.text, limit });
    return { type: p.type, suggestions: rows.map((v) => ({ id: v.id, label: v.number, detail: `${v.vehicleType} · ${v.status}` })) };
  }
  if (p.type === 'consigner') {
    const rows = await repo.searchConsigners(ctx.db, { operatorId: p.operatorId, text: p.text, limit });
    return { type: p.type, suggestions: rows.map((c) => ({ id: c.code, label: c.name, detail: c.code })) };
  }
  const places = await appSearch(ctx, { operatorId: p.operatorId, text: p.text, addressTypes: [], limit });
  return { type: p.type, suggestions: places.map((pl) => ({ id: pl.placeId, label: pl.name, detail: pl.address })) };
}
