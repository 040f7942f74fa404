import type { Place } from '@bhada/contracts/account/places';
import { and, asc, eq, getTableColumns, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { consigners, gazetteer, gazetteerImports, placeSelections, savedPlaces, trips, vehicles } from '../../../db/schema/index.ts';
import type { ConsignerCode, OperatorId } from '../../../lib/tenancy.ts';

export type SavedPlaceRow = typeof savedPlaces.$inferSelect & { city: string | null };

/** The account a saved place belongs to (ADR 115): an operator, a consigner, or one user (an admin). */
export interface PlaceOwner {
  kind: 'OPERATOR' | 'CONSIGNER' | 'USER';
  id: string;
}
const ownedBy = (owner: PlaceOwner) => and(eq(savedPlaces.ownerKind, owner.kind), eq(savedPlaces.ownerId, owner.id));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (text: string) => `%${escapeLike(text)}%`;

/** A search result row: a gazetteer place, or one of the caller's saved places (`saved` true). */
export interface PlaceHit {
  id: string;
  name: string;
  city: string;
  state: string;
  address: string;
  addressType: Place['addressType'];
  lat: number;
  lng: number;
  saved: boolean;
}

const HIT_COLUMNS = sql`id, name, city, state, address, address_type AS "addressType", lat, lng, false AS saved`;
const typeFilter = (types: Place['addressType'][]) =>
  types.length
    ? sql`AND address_type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;

async function hits(db: Db, query: SQL): Promise<PlaceHit[]> {
  const result = (await db.execute(query)) as unknown as { rows: PlaceHit[] };
  return result.rows.map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng), saved: Boolean(r.saved) }));
}

/**
 * Place search by name in one statement (ADR 113): the caller's saved places containing the text (with the city,
 * state and address of the gazetteer place each was picked from, ADR 115), then
 * curated places (name prefix, then city prefix, then anywhere in the name) and districts (name prefix), then
 * post-office localities whose name starts with the text. Each part is an index range or a few dozen rows; an
 * empty text lists saved places, then major cities, freight hubs and districts.
 */
export async function searchByName(
  db: Db,
  p: {
    owner: PlaceOwner | null;
    text: string;
    types: Place['addressType'][];
    withSaved: boolean;
    withLocalities: boolean;
    limit: number;
  },
): Promise<PlaceHit[]> {
  const t = p.text.toLowerCase();
  const prefix = `${escapeLike(t)}%`;
  const anywhere = like(t);
  const parts: SQL[] = [];
  if (p.withSaved && p.owner) {
    parts.push(sql`(SELECT s.id, s.place_name AS name, coalesce(pl.city, s.place_name) AS city, coalesce(pl.state, '') AS state,
        coalesce(pl.address, '') AS address, 'WAREHOUSE' AS "addressType", s.place_lat AS lat, s.place_lng AS lng, true AS saved,
        0 AS g, CASE WHEN lower(s.place_name) LIKE ${prefix} THEN 0 ELSE 1 END AS k, 0 AS r, lower(s.place_name) COLLATE "C" AS n
      FROM saved_places s LEFT JOIN gazetteer pl ON pl.id = s.place_id
      WHERE s.owner_kind = ${p.owner.kind} AND s.owner_id = ${p.owner.id} AND lower(s.place_name) LIKE ${anywhere}
      ORDER BY k, n LIMIT ${p.limit})`);
  }
  // curated places (46 rows): the text anywhere in the name, or the start of their city
  parts.push(sql`(SELECT ${HIT_COLUMNS}, 1 AS g,
      CASE WHEN name_lower LIKE ${prefix} THEN 0 WHEN city_lower LIKE ${prefix} THEN 1 ELSE 2 END AS k, rank AS r, name_lower AS n
    FROM gazetteer WHERE rank <= 1 AND (name_lower LIKE ${anywhere} OR city_lower LIKE ${prefix}) ${typeFilter(p.types)}
    ORDER BY k, r, n LIMIT ${p.limit})`);
  // districts: name prefix (an index range, in order)
  if (p.types.length === 0 || p.types.includes('CITY')) {
    parts.push(sql`(SELECT ${HIT_COLUMNS}, 1 AS g, 0 AS k, rank AS r, name_lower AS n
      FROM gazetteer WHERE rank = 2 AND name_lower LIKE ${prefix} ORDER BY n LIMIT ${p.limit})`);
  }
  if (p.withLocalities && t) {
    parts.push(sql`(SELECT ${HIT_COLUMNS}, 2 AS g, 0 AS k, rank AS r, name_lower AS n
      FROM gazetteer WHERE rank = 3 AND name_lower LIKE ${prefix}
      ORDER BY n LIMIT ${p.limit})`);
  }
  return hits(
    db,
    sql`SELECT id, name, city, state, address, "addressType", lat, lng, saved FROM (${sql.join(parts, sql` UNION ALL `)}) AS found
    ORDER BY g, k, r, n LIMIT ${p.limit}`,
  );
}

/**
 * A PIN code's places (curated ones first, then its post-office localities); when none carries it, the places
 * of its sorting district (same first three digits), nearest PIN first. One statement.
 */
export async function searchByPin(db: Db, p: { pin: string; types: Place['addressType'][]; limit: number }): Promise<PlaceHit[]> {
  const types = typeFilter(p.types);
  return hits(
    db,
    sql`WITH exact AS (
        SELECT ${HIT_COLUMNS}, rank AS r, name_lower AS n FROM gazetteer WHERE pin = ${p.pin} ${types} ORDER BY r, n LIMIT ${p.limit}
      )
      SELECT id, name, city, state, address, "addressType", lat, lng, saved FROM (
        SELECT *, 0 AS g, 0 AS d FROM exact
        UNION ALL
        (SELECT ${HIT_COLUMNS}, rank AS r, name_lower AS n, 1 AS g, abs(pin::integer - ${Number(p.pin)}) AS d
          FROM gazetteer WHERE pin LIKE ${`${p.pin.slice(0, 3)}%`} AND NOT EXISTS (SELECT 1 FROM exact) ${types}
          ORDER BY r, d, n LIMIT ${p.limit})
      ) AS found ORDER BY g, r, d, n LIMIT ${p.limit}`,
  );
}

/** Curated places (ranks 0–1) in id order: the demo seed picks loading points from them. */
export async function curatedPlaces(db: Db) {
  return db.select().from(gazetteer).where(sql`${gazetteer.rank} <= 1`).orderBy(asc(gazetteer.id));
}

/** How much of the gazetteer is there (rows by rank) and the state of its imports. */
export async function gazetteerStatus(db: Db) {
  const counts = await db.select({ rank: gazetteer.rank, rows: sql<number>`count(*)::integer` }).from(gazetteer).groupBy(gazetteer.rank);
  const imports = await db.select().from(gazetteerImports).orderBy(asc(gazetteerImports.source));
  return { counts, imports };
}

const savedColumns = { ...getTableColumns(savedPlaces), city: gazetteer.city };

/** The account's saved places by name, each with the city of the gazetteer place it was picked from. */
export async function listSavedPlaces(db: Db, p: { owner: PlaceOwner }): Promise<SavedPlaceRow[]> {
  return db
    .select(savedColumns)
    .from(savedPlaces)
    .leftJoin(gazetteer, eq(gazetteer.id, savedPlaces.placeId))
    .where(ownedBy(p.owner))
    .orderBy(asc(savedPlaces.placeName));
}

/** One of the account's saved places; another account's is not found. */
export async function findSavedPlace(db: Db, p: { owner: PlaceOwner; id: string }): Promise<SavedPlaceRow | undefined> {
  const [row] = await db
    .select(savedColumns)
    .from(savedPlaces)
    .leftJoin(gazetteer, eq(gazetteer.id, savedPlaces.placeId))
    .where(and(eq(savedPlaces.id, p.id), ownedBy(p.owner)))
    .limit(1);
  return row;
}

/** Saves a place under a name unique for the account; a taken name inserts nothing. */
export async function insertSavedPlace(db: Db, row: typeof savedPlaces.$inferInsert) {
  const [saved] = await db.insert(savedPlaces).values(row).onConflictDoNothing().returning({ id: savedPlaces.id });
  return saved;
}

export async function deleteSavedPlace(db: Db, p: { owner: PlaceOwner; id: string }): Promise<boolean> {
  const rows = await db
    .delete(savedPlaces)
    .where(and(eq(savedPlaces.id, p.id), ownedBy(p.owner)))
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
  const codes = (await mine).map((r) => r.code).filter((c): c is ConsignerCode => Boolean(c));
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: consigners.code, name: consigners.name })
    .from(consigners)
    .where(inArray(consigners.code, codes))
    .orderBy(asc(consigners.name));
  const t = p.text.toLowerCase();
  return rows.filter((r) => !t || r.name.toLowerCase().includes(t) || r.code.toLowerCase().includes(t)).slice(0, p.limit);
}
