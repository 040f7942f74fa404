import type { Settings } from '@bhada/contracts/account/account';
import { VEHICLE_BUSY_STATES } from '@bhada/contracts/trips/trips';
import { and, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  clientEvents,
  memberships,
  operatorAppConfigs,
  operatorProfiles,
  operators,
  policyAcceptances,
  tdsDeclarations,
  trips,
  userSettings,
  users,
  vehicles,
} from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type ProfileRow = typeof operatorProfiles.$inferSelect;
export type AppConfigRow = typeof operatorAppConfigs.$inferSelect;
export type DeclarationRow = typeof tdsDeclarations.$inferSelect;

// ---------- profile ----------

export async function findOperator(db: Db, p: { operatorId: OperatorId }): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, p.operatorId)).limit(1);
  return row;
}

export async function findProfile(db: Db, p: { operatorId: OperatorId }): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(operatorProfiles).where(eq(operatorProfiles.operatorId, p.operatorId)).limit(1);
  return row;
}

/** The owner user's phone (the operator's business number). */
export async function findOwnerPhone(db: Db, p: { operatorId: OperatorId }): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.operatorId, p.operatorId), eq(users.kind, 'OPERATOR')))
    .limit(1);
  return row?.phone;
}

/** The operator's fleet: every vehicle it holds, papers verified or not (section 194C(6) counts carriages owned). */
export async function countVehicles(db: Db, p: { operatorId: OperatorId }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.operatorId, p.operatorId));
  return Number(row?.n ?? 0);
}

/** Which of these (normalised) numbers are vehicles of the operator's fleet (whatever their papers' status). */
export async function listOwnVehicleNumbers(db: Db, p: { operatorId: OperatorId; numbers: string[] }): Promise<string[]> {
  if (p.numbers.length === 0) return [];
  const normalised = sql<string>`upper(regexp_replace(${vehicles.number}, '[[:space:]-]', '', 'g'))`;
  const rows = await db
    .select({ number: normalised })
    .from(vehicles)
    .where(and(eq(vehicles.operatorId, p.operatorId), inArray(normalised, p.numbers)));
  return rows.map((r) => r.number);
}

export async function findMembershipUntil(db: Db, p: { operatorId: OperatorId }): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: memberships.activeUntil })
    .from(memberships)
    .where(eq(memberships.operatorId, p.operatorId))
    .limit(1);
  return row?.until;
}

export async function updateOperator(db: Db, p: { operatorId: OperatorId; patch: Partial<Pick<OperatorRow, 'companyName' | 'city'>> }) {
  if (Object.keys(p.patch).length === 0) return;
  await db.update(operators).set(p.patch).where(eq(operators.id, p.operatorId));
}

export async function upsertProfile(
  db: Db,
  p: { operatorId: OperatorId; patch: Partial<Omit<typeof operatorProfiles.$inferInsert, 'operatorId'>> },
): Promise<void> {
  await db
    .insert(operatorProfiles)
    .values({ operatorId: p.operatorId, ...p.patch })
    .onConflictDoUpdate({ target: operatorProfiles.operatorId, set: { ...p.patch, updatedAt: new Date() } });
}

// ---------- app config ----------

export async function findAppConfig(db: Db, p: { operatorId: OperatorId }): Promise<AppConfigRow | undefined> {
  const [row] = await db.select().from(operatorAppConfigs).where(eq(operatorAppConfigs.operatorId, p.operatorId)).limit(1);
  return row;
}

export async function upsertAppConfig(
  db: Db,
  p: { operatorId: OperatorId; patch: Partial<Omit<typeof operatorAppConfigs.$inferInsert, 'operatorId'>> },
): Promise<AppConfigRow> {
  const [row] = await db
    .insert(operatorAppConfigs)
    .values({ operatorId: p.operatorId, ...p.patch })
    .onConflictDoUpdate({ target: operatorAppConfigs.operatorId, set: { ...p.patch, updatedAt: new Date() } })
    .returning();
  return row!;
}

// ---------- settings ----------

/** The operator's vehicles, and those no trip holds (VEHICLE_BUSY_STATES: the rule tokens apply). */
export async function countFreeVehicles(db: Db, p: { operatorId: OperatorId }): Promise<{ totalVehicles: number; freeVehicles: number }> {
  const busy = db
    .select({ id: trips.vehicleId })
    .from(trips)
    .where(and(eq(trips.operatorId, p.operatorId), inArray(trips.state, [...VEHICLE_BUSY_STATES])));
  const [row] = await db
    .select({
      totalVehicles: count(),
      freeVehicles: sql<number>`count(*) filter (where ${vehicles.id} not in ${busy})`.mapWith(Number),
    })
    .from(vehicles)
    .where(eq(vehicles.operatorId, p.operatorId));
  return { totalVehicles: row?.totalVehicles ?? 0, freeVehicles: row?.freeVehicles ?? 0 };
}

/** The operator's owner (the account's OPERATOR user), to whom operator-wide messages go. */
export async function findOwnerUserId(db: Db, p: { operatorId: OperatorId }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.operatorId, p.operatorId), eq(users.kind, 'OPERATOR'), isNull(users.deletedAt)))
    .limit(1);
  return row?.id;
}

export async function findSettings(db: Db, p: { userId: string }): Promise<Settings | undefined> {
  const [row] = await db.select({ settings: userSettings.settings }).from(userSettings).where(eq(userSettings.userId, p.userId)).limit(1);
  return row?.settings;
}

/** Saves the settings and keeps the user's language on the user row, which the session reads. */
export async function saveSettings(db: Db, p: { userId: string; settings: Settings }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userSettings)
      .values({ userId: p.userId, settings: p.settings })
      .onConflictDoUpdate({ target: userSettings.userId, set: { settings: p.settings, updatedAt: new Date() } });
    await tx.update(users).set({ locale: p.settings.language }).where(eq(users.id, p.userId));
  });
}

// ---------- TDS declarations and undertakings ----------

export async function listDeclarations(db: Db, p: { operatorId: OperatorId }): Promise<DeclarationRow[]> {
  return db.select().from(tdsDeclarations).where(eq(tdsDeclarations.operatorId, p.operatorId)).orderBy(desc(tdsDeclarations.startDate));
}

export async function findDeclaration(db: Db, p: { operatorId: OperatorId; id: string }): Promise<DeclarationRow | undefined> {
  const [row] = await db
    .select()
    .from(tdsDeclarations)
    .where(and(eq(tdsDeclarations.id, p.id), eq(tdsDeclarations.operatorId, p.operatorId)))
    .limit(1);
  return row;
}

/**
 * Inserts a declaration unless one of the same kind overlaps its period; the operator's rows are locked
 * first (through the operator row) so two concurrent filings cannot both pass the check.
 */
export async function insertDeclarationIfFree(db: Db, row: typeof tdsDeclarations.$inferInsert): Promise<DeclarationRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, row.operatorId)).for('update');
    const [clash] = await tx
      .select({ id: tdsDeclarations.id })
      .from(tdsDeclarations)
      .where(
        and(
          eq(tdsDeclarations.operatorId, row.operatorId),
          eq(tdsDeclarations.kind, row.kind),
          lte(tdsDeclarations.startDate, row.endDate),
          gte(tdsDeclarations.endDate, row.startDate),
        ),
      )
      .limit(1);
    if (clash) return undefined;
    const [saved] = await tx.insert(tdsDeclarations).values(row).returning();
    return saved;
  });
}

/** A declaration of this kind covering the day (yyyy-MM-dd). */
export async function findCovering(
  db: Db,
  p: { operatorId: OperatorId; kind: DeclarationRow['kind']; day: string },
): Promise<DeclarationRow | undefined> {
  const [row] = await db
    .select()
    .from(tdsDeclarations)
    .where(
      and(
        eq(tdsDeclarations.operatorId, p.operatorId),
        eq(tdsDeclarations.kind, p.kind),
        lte(tdsDeclarations.startDate, p.day),
        gte(tdsDeclarations.endDate, p.day),
      ),
    )
    .limit(1);
  return row;
}

// ---------- policies ----------

export async function listAcceptances(db: Db, p: { operatorId: OperatorId }) {
  return db
    .select({ type: policyAcceptances.policyType, version: policyAcceptances.version, acceptedAt: policyAcceptances.acceptedAt })
    .from(policyAcceptances)
    .where(eq(policyAcceptances.operatorId, p.operatorId));
}

/** Records an acceptance once per version; a repeat keeps the first time. */
export async function insertAcceptance(db: Db, p: { operatorId: OperatorId; type: string; version: number; userId: string }) {
  await db
    .insert(policyAcceptances)
    .values({ operatorId: p.operatorId, policyType: p.type, version: p.version, userId: p.userId })
    .onConflictDoNothing();
}

// ---------- client events ----------

export async function insertEvent(db: Db, row: typeof clientEvents.$inferInsert): Promise<void> {
  await db.insert(clientEvents).values(row);
}

export async function countEventsSinceForAdmin(db: Db, p: { since: Date }) {
  const n = sql<number>`count(*)::int`;
  return db
    .select({ name: clientEvents.name, count: n })
    .from(clientEvents)
    .where(gte(clientEvents.createdAt, p.since))
    .groupBy(clientEvents.name)
    .orderBy(desc(n));
}
