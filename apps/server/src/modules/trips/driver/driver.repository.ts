import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { driverActions, driverLinks, drivers, tripEvents } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type DriverLinkRow = typeof driverLinks.$inferSelect;

export async function insertLink(db: Db, row: typeof driverLinks.$inferInsert) {
  await db.insert(driverLinks).values(row);
}

/** Revokes the trip's live link, if any; answers the revoked row's id. */
export async function revokeLive(db: Db, { tripId, at }: { tripId: string; at: Date }) {
  const rows = await db
    .update(driverLinks)
    .set({ revokedAt: at })
    .where(and(eq(driverLinks.tripId, tripId), isNull(driverLinks.revokedAt)))
    .returning({ id: driverLinks.id });
  return rows[0]?.id ?? null;
}

export async function findByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(driverLinks).where(eq(driverLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/** The trip's newest link (live or not), for the operator's panel. */
export async function latestOfTrip(db: Db, { tripId, operatorId }: { tripId: string; operatorId: OperatorId }) {
  const [row] = await db
    .select()
    .from(driverLinks)
    .where(and(eq(driverLinks.tripId, tripId), eq(driverLinks.operatorId, operatorId)))
    .orderBy(desc(driverLinks.issuedAt))
    .limit(1);
  return row;
}

export async function markOpened(db: Db, { id, at }: { id: string; at: Date }) {
  await db
    .update(driverLinks)
    .set({ openedAt: sql`coalesce(${driverLinks.openedAt}, ${at})` })
    .where(eq(driverLinks.id, id));
}

export async function markReport(db: Db, { id, at, location }: { id: string; at: Date; location?: 'SHARING' | 'STOPPED' }) {
  await db
    .update(driverLinks)
    .set({
      lastReportAt: sql`greatest(coalesce(${driverLinks.lastReportAt}, ${at}), ${at})`,
      openedAt: sql`coalesce(${driverLinks.openedAt}, ${at})`,
      ...(location ? { locationState: location, locationChangedAt: at } : {}),
    })
    .where(eq(driverLinks.id, id));
}

export async function findAction(db: Db, { tripId, actionId }: { tripId: string; actionId: string }) {
  const [row] = await db
    .select()
    .from(driverActions)
    .where(and(eq(driverActions.tripId, tripId), eq(driverActions.actionId, actionId)))
    .limit(1);
  return row;
}

/** Claims an action id; false when it was taken already (a replay). */
export async function claimAction(db: Db, row: typeof driverActions.$inferInsert) {
  const rows = await db.insert(driverActions).values(row).onConflictDoNothing().returning({ actionId: driverActions.actionId });
  return rows.length > 0;
}

export async function saveActionResult(
  db: Db,
  { tripId, actionId, result }: { tripId: string; actionId: string; result: Record<string, unknown> },
) {
  await db
    .update(driverActions)
    .set({ result })
    .where(and(eq(driverActions.tripId, tripId), eq(driverActions.actionId, actionId)));
}

export async function releaseAction(db: Db, { tripId, actionId }: { tripId: string; actionId: string }) {
  await db.delete(driverActions).where(and(eq(driverActions.tripId, tripId), eq(driverActions.actionId, actionId)));
}

/** The fleet driver the phone belongs to, if the operator keeps one. */
export async function findDriverId(db: Db, { operatorId, phone }: { operatorId: OperatorId; phone: string }) {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.operatorId, operatorId), eq(drivers.phone, phone)))
    .limit(1);
  return row?.id ?? null;
}

/** When the trip ended: its first move into one of these states. */
export async function endedAt(db: Db, { tripId, states }: { tripId: string; states: readonly string[] }) {
  const [row] = await db
    .select({ at: tripEvents.createdAt })
    .from(tripEvents)
    .where(and(eq(tripEvents.tripId, tripId), inArray(tripEvents.toState, [...states])))
    .orderBy(tripEvents.id)
    .limit(1);
  return row?.at ?? null;
}

export async function insertHistory(db: Db, row: typeof tripEvents.$inferInsert) {
  await db.insert(tripEvents).values(row);
}
