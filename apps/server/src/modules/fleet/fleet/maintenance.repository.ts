import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fleetDocuments, maintenanceReminders, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type ReminderRow = typeof maintenanceReminders.$inferSelect;

/** the operator's vehicles, by number */
export async function listVehicles(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select({ id: vehicles.id, number: vehicles.number })
    .from(vehicles)
    .where(eq(vehicles.operatorId, q.operatorId))
    .orderBy(asc(vehicles.number), asc(vehicles.id));
}

/** current vehicle documents that carry an expiry date */
export async function listExpiringDocuments(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select()
    .from(fleetDocuments)
    .where(
      and(
        eq(fleetDocuments.operatorId, q.operatorId),
        eq(fleetDocuments.current, true),
        isNotNull(fleetDocuments.vehicleId),
        isNotNull(fleetDocuments.expiresOn),
      ),
    )
    .orderBy(asc(fleetDocuments.expiresOn), asc(fleetDocuments.id));
}

export async function listReminders(db: Db, q: { operatorId: OperatorId }) {
  return db
    .select()
    .from(maintenanceReminders)
    .where(eq(maintenanceReminders.operatorId, q.operatorId))
    .orderBy(asc(maintenanceReminders.status), asc(maintenanceReminders.dueOn), asc(maintenanceReminders.createdAt));
}

export async function findReminder(db: Db, q: { operatorId: OperatorId; reminderId: string }) {
  const [row] = await db
    .select()
    .from(maintenanceReminders)
    .where(and(eq(maintenanceReminders.id, q.reminderId), eq(maintenanceReminders.operatorId, q.operatorId)))
    .limit(1);
  return row;
}

export async function insertReminder(db: Db, row: typeof maintenanceReminders.$inferInsert & { operatorId: OperatorId }) {
  const [saved] = await db.insert(maintenanceReminders).values(row).returning();
  return saved;
}

/** marks an open reminder done; undefined when it was not open (done already, or another operator's) */
export async function markDone(
  db: Db,
  q: { operatorId: OperatorId; reminderId: string; patch: Partial<typeof maintenanceReminders.$inferInsert> },
) {
  const [row] = await db
    .update(maintenanceReminders)
    .set({ ...q.patch, status: 'DONE' })
    .where(
      and(
        eq(maintenanceReminders.id, q.reminderId),
        eq(maintenanceReminders.operatorId, q.operatorId),
        eq(maintenanceReminders.status, 'OPEN'),
      ),
    )
    .returning();
  return row;
}
