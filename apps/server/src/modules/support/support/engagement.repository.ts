import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  type StoredQuestion,
  surveyResponses,
  surveys,
  trainingCompletions,
  trainingModules,
  widgetAcknowledgements,
} from '../../../db/schema/index.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';

export type SurveyRow = typeof surveys.$inferSelect;
export type ModuleRow = typeof trainingModules.$inferSelect;

/** The newest active survey this user has not answered, or undefined. */
export async function findOpenSurvey(db: Db, p: { userId: string }) {
  const [row] = await db
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.active, true),
        sql`NOT EXISTS (SELECT 1 FROM ${surveyResponses} r WHERE r.survey_id = ${surveys.id} AND r.user_id = ${p.userId})`,
      ),
    )
    .orderBy(sql`${surveys.createdAt} DESC`, asc(surveys.id))
    .limit(1);
  return row;
}

export async function countAnswered(db: Db, p: { userId: string }) {
  const [row] = await db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.userId, p.userId));
  return row?.n ?? 0;
}

export async function findSurvey(db: Db, p: { id: string }) {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, p.id)).limit(1);
  return row;
}

/** Stores the answers once per survey per user; false when this user had already answered. */
export async function insertResponse(db: Db, p: { row: typeof surveyResponses.$inferInsert }) {
  const rows = await db.insert(surveyResponses).values(p.row).onConflictDoNothing().returning({ surveyId: surveyResponses.surveyId });
  return rows.length > 0;
}

export async function insertSurvey(
  db: Db,
  p: { row: { id: string; titleEn: string; titleHi: string; questions: StoredQuestion[]; active: boolean } },
) {
  await db.insert(surveys).values(p.row);
}

export async function listSurveys(db: Db) {
  return db.select().from(surveys).orderBy(sql`${surveys.createdAt} DESC`).limit(50);
}

export async function listResponses(db: Db, p: { surveyId: string }) {
  return db.select({ answers: surveyResponses.answers }).from(surveyResponses).where(eq(surveyResponses.surveyId, p.surveyId));
}

export async function listModules(db: Db, p: { type?: string; source?: string; limit: number; offset: number }) {
  return db
    .select()
    .from(trainingModules)
    .where(and(p.type ? eq(trainingModules.type, p.type) : undefined, p.source ? eq(trainingModules.source, p.source) : undefined))
    .orderBy(asc(trainingModules.type), asc(trainingModules.sort), asc(trainingModules.id))
    .limit(p.limit)
    .offset(p.offset);
}

export async function findModule(db: Db, p: { id: string; type: string }) {
  const [row] = await db
    .select()
    .from(trainingModules)
    .where(and(eq(trainingModules.id, p.id), eq(trainingModules.type, p.type)))
    .limit(1);
  return row;
}

export async function completedModuleIds(db: Db, p: { userId: string }) {
  const rows = await db
    .select({ id: trainingCompletions.moduleId })
    .from(trainingCompletions)
    .where(eq(trainingCompletions.userId, p.userId));
  return new Set(rows.map((r) => r.id));
}

export async function countModules(db: Db) {
  const [row] = await db.select({ n: count() }).from(trainingModules);
  return row?.n ?? 0;
}

/** Marks a module done once; a repeat keeps the first time. */
export async function upsertCompletion(db: Db, p: { userId: string; moduleId: string }) {
  await db.insert(trainingCompletions).values(p).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(trainingCompletions)
    .where(and(eq(trainingCompletions.userId, p.userId), eq(trainingCompletions.moduleId, p.moduleId)))
    .limit(1);
  return row!;
}

export async function acknowledge(db: Db, p: { userId: string; widget: string; refId: string }) {
  await db.insert(widgetAcknowledgements).values(p).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(widgetAcknowledgements)
    .where(
      and(
        eq(widgetAcknowledgements.userId, p.userId),
        eq(widgetAcknowledgements.widget, p.widget),
        eq(widgetAcknowledgements.refId, p.refId),
      ),
    )
    .limit(1);
  return row!;
}

export async function hasAcknowledged(db: Db, p: { userId: string; widget: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(widgetAcknowledgements)
    .where(and(eq(widgetAcknowledgements.userId, p.userId), eq(widgetAcknowledgements.widget, p.widget)));
  return (row?.n ?? 0) > 0;
}

/**
 * The operator's trip record behind its rating, over the last 180 days: a read model over the trips
 * area's tables (ADR 121) — loaded before the loading slot ended, hours from unloading to the first POD
 * submission, and cancellations among all trips.
 */
export async function ratingFacts(db: Db, p: { operatorId: OperatorId; since: Date }) {
  const result = (await db.execute(sql`
    WITH t AS (
      SELECT id, state FROM trips WHERE operator_id = ${p.operatorId} AND created_at >= ${p.since}
    ),
    loading AS (
      SELECT t.id,
        (SELECT min(e.created_at) FROM trip_events e WHERE e.trip_id = t.id AND e.to_state = 'LOADED') AS loaded_at,
        (SELECT max(s.slot_end) FROM trip_slots s WHERE s.trip_id = t.id AND s.location = 'LOADING') AS slot_end
      FROM t
    ),
    pod AS (
      SELECT t.id,
        (SELECT min(e.created_at) FROM trip_events e WHERE e.trip_id = t.id AND e.to_state = 'UNLOADED') AS unloaded_at,
        (SELECT min(r.submitted_at) FROM trip_pod_reviews r WHERE r.trip_id = t.id) AS pod_at
      FROM t
    )
    SELECT
      (SELECT count(*) FROM t)::int AS trips,
      (SELECT count(*) FROM t WHERE state = 'CANCELLED')::int AS cancelled,
      (SELECT count(*) FROM loading WHERE loaded_at IS NOT NULL AND slot_end IS NOT NULL)::int AS slot_trips,
      (SELECT count(*) FROM loading WHERE loaded_at IS NOT NULL AND slot_end IS NOT NULL AND loaded_at <= slot_end)::int AS on_time,
      (SELECT count(*) FROM pod WHERE unloaded_at IS NOT NULL AND pod_at IS NOT NULL)::int AS pod_trips,
      (SELECT avg(extract(epoch FROM (pod_at - unloaded_at)) / 3600.0) FROM pod
        WHERE unloaded_at IS NOT NULL AND pod_at IS NOT NULL AND pod_at >= unloaded_at)::float8 AS pod_hours
  `)) as unknown as {
    rows: Array<{ trips: number; cancelled: number; slot_trips: number; on_time: number; pod_trips: number; pod_hours: number | null }>;
  };
  const r = result.rows[0]!;
  return {
    trips: Number(r.trips),
    cancelled: Number(r.cancelled),
    slotTrips: Number(r.slot_trips),
    onTime: Number(r.on_time),
    podTrips: Number(r.pod_trips),
    podHours: r.pod_hours === null ? null : Number(r.pod_hours),
  };
}
