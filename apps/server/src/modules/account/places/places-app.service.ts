import type { SavedPlace } from '@bhada/contracts/account/places';
import type { Db } from '../../../db/client.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './places.repository.ts';
import { type PlaceOwner, searchPlaces } from './places.service.ts';

const toSaved = (r: repo.SavedPlaceRow): SavedPlace => ({
  id: r.id,
  placeName: r.placeName,
  placeLat: r.placeLat,
  placeLng: r.placeLng,
  placeId: r.placeId,
  city: r.city,
  createdAt: r.createdAt.toISOString(),
});

/**
 * spec "GET /odin/v2/map/app/search (text, addressTypes)": the caller's saved places that match come
 * first, then the gazetteer; a six-digit text is a PIN code (ADR 113).
 */
export const appSearch = searchPlaces;

export async function listSavedPlaces(db: Db, p: { owner: PlaceOwner }): Promise<SavedPlace[]> {
  return (await repo.listSavedPlaces(db, p)).map(toSaved);
}

/** One of the account's saved places; another account's answers 404 (ADR 115). */
export async function savedPlaceOf(db: Db, p: { owner: PlaceOwner; id: string }): Promise<SavedPlace> {
  const row = await repo.findSavedPlace(db, p);
  if (!row) throw notFound('Saved place not found');
  return toSaved(row);
}

/** spec "saved places POST": a name unique per account (409 when taken). */
export async function savePlace(
  ctx: ServiceContext,
  p: { owner: PlaceOwner; userId: string; place: { placeName: string; placeLat: number; placeLng: number; placeId?: string } },
): Promise<SavedPlace> {
  const inserted = await repo.insertSavedPlace(ctx.db, {
    id: newId('SP', 10),
    ownerKind: p.owner.kind,
    ownerId: p.owner.id,
    placeName: p.place.placeName,
    placeLat: p.place.placeLat,
    placeLng: p.place.placeLng,
    placeId: p.place.placeId ?? null,
    createdBy: p.userId,
  });
  if (!inserted) throw new AppError('CONFLICT', 'A saved place already has this name', { field: 'placeName' });
  return savedPlaceOf(ctx.db, { owner: p.owner, id: inserted.id });
}

export async function deleteSavedPlace(ctx: ServiceContext, p: { owner: PlaceOwner; id: string }): Promise<{ deleted: boolean }> {
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
  const places = await appSearch(ctx, { owner: { kind: 'OPERATOR', id: p.operatorId }, text: p.text, addressTypes: [], limit });
  return { type: p.type, suggestions: places.map((pl) => ({ id: pl.placeId, label: pl.name, detail: pl.address })) };
}
