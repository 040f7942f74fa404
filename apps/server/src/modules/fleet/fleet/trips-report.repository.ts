import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { maintenanceReminders, trips, vehicles } from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

/**
 * The operator's trips started in [from, to), each with its vehicle, the tolls paid by that vehicle's
 * Fastag between the trip's start and end (now, for a trip still running) and its expenses (claims not
 * rejected).
 */
export async function tripsBetween(db: Db, q: { operatorId: OperatorId; from: Date; to: Date }) {
  return db
    .select({
      tripId: trips.id,
      state: trips.state,
      startedAt: trips.createdAt,
      completedAt: trips.completedAt,
      originCity: trips.originCity,
      destinationCity: trips.destinationCity,
      vehicleNumber: vehicles.number,
      freightPaisa: trips.agreedPricePaisa,
      tollsPaisa: sql<string>`(SELECT coalesce(sum(f.amount_paisa), 0) FROM fastag_transactions f
        WHERE f.operator_id = ${trips.operatorId} AND f.vehicle_id = ${trips.vehicleId}
          AND f.txn_type = 'DEBIT' AND f.status = 'SUCCESS'
          AND f.occurred_at >= ${trips.createdAt} AND f.occurred_at <= coalesce(${trips.completedAt}, now()))`,
      expensesPaisa: sql<string>`(SELECT coalesce(sum(c.amount_paisa), 0) FROM trip_charges c
        WHERE c.trip_id = ${trips.id} AND c.status <> 'REJECTED')`,
    })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(and(eq(trips.operatorId, q.operatorId), gte(trips.createdAt, q.from), lt(trips.createdAt, q.to)))
    .orderBy(asc(trips.createdAt), asc(trips.id));
}

/** maintenance done in the period (dates inclusive), with its cost: the report's trip-independent rows */
export async function maintenanceDoneBetween(db: Db, q: { operatorId: OperatorId; fromDate: string; toDate: string }) {
  return db
    .select({
      reminderId: maintenanceReminders.id,
      kind: maintenanceReminders.kind,
      doneOn: maintenanceReminders.doneOn,
      doneNote: maintenanceReminders.doneNote,
      costPaisa: maintenanceReminders.costPaisa,
      vehicleNumber: vehicles.number,
    })
    .from(maintenanceReminders)
    .innerJoin(vehicles, eq(vehicles.id, maintenanceReminders.vehicleId))
    .where(
      and(
        eq(maintenanceReminders.operatorId, q.operatorId),
        eq(maintenanceReminders.status, 'DONE'),
        gte(maintenanceReminders.doneOn, q.fromDate),
        lte(maintenanceReminders.doneOn, q.toDate),
      ),
    )
    .orderBy(asc(maintenanceReminders.doneOn), asc(maintenanceReminders.id));
}
