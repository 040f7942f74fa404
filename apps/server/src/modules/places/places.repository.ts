import { and, asc, eq, ilike, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consigners, placeSelections, savedPlaces, trips, vehicles } from '../../db/schema/index.ts';
import type { OperatorId } from '../../lib/tenancy.ts';

export type SavedPlaceRow = typeof savedPlaces.$inferSelect;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSavedPlaces(db: Db, p: { operatorId: OperatorId }): Promise<SavedPlaceRow[]> {
  return db.select().from(savedPlaces).where(eq(savedPlaces.operatorId, p.operatorId)).orderBy(asc(savedPlaces.placeName));
}

/** Saves a place under a name unique for the operator; a taken name inserts nothing. */
export async function insertSavedPlace(db: Db, row: typeof savedPlaces.$inferInsert & { operatorId: OperatorId }) {
  const [saved] = await db.insert(savedPlaces).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function deleteSavedPlace(db: Db, p: { operatorId: OperatorId; id: string }): Promise<boolean> {
  const rows = await db
    .delete(savedPlaces)
    .where(and(eq(savedPlaces.id, p.id), eq(savedPlaces.operatorId, p.operatorId)))
    .returning({ id: savedPlaces.id });
  return rows.length > 0;
}

export async function insertSelection(db: Db, row: typeof placeSelections.$inferInsert): Promise<void> {
  await db.insert(placeSelections).values(row);
}

/** The operator's vehicles whose number contains the text (the vehicles table, read only). */
export async function searchVehicles(db: Db, p: { operatorId: OperatorId; text: string; limit: number }) {
  return db
    .select({ id: vehicles.id, number: vehicles.number, vehicleType: vehicles.vehicleType, status: vehicles.status })
    .from(vehicles)
    .where(and(eq(vehicles.operatorId, p.operatorId), ilike(vehicles.number, like(p.text.replace(/[\s-]/g, '')))))
    .orderBy(asc(vehicles.number))
    .limit(p.limit);
}

/** Consigners the operator has run trips for, by name or code. */
export async function searchConsigners(db: Db, p: { operatorId: OperatorId; text: string; limit: number }) {
  const mine = db
    .selectDistinct({ code: trips.consignerCode })
    .from(trips)
    .where(and(eq(trips.operatorId, p.operatorId), isNotNull(trips.consignerCode)));
  const codes = (await mine).map((r) => r.code).filter((c): c is string => Boolean(c));
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: consigners.code, name: consigners.name })
    .from(consigners)
    .where(inArray(consigners.code, codes))
    .orderBy(asc(consigners.name));
  const t = p.text.toLowerCase();
  return rows.filter((r) => !t || r.name.toLowerCase().includes(t) || r.code.toLowerCase().includes(t)).slice(0, p.limit);
}
