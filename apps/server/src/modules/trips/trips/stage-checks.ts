import { STAGE_OVERRIDE_LABELS, type StageCheck } from '@bhada/contracts/trips/trips';
import type { Db } from '../../../db/client.ts';
import type { StageCheckRecord } from '../../../db/schema/trips.ts';
import * as repo from './trips.repository.ts';

/** The trip's history of reached-point checks, as the consigner, the admin and the operator see them. */
export function stageChecksOf(events: Array<{ toState: string; stageCheck: StageCheckRecord | null; createdAt: Date }>): StageCheck[] {
  return events.flatMap((e) => {
    const c = e.stageCheck;
    if (!c || (e.toState !== 'REACHED_LOADING' && e.toState !== 'REACHED_UNLOADING')) return [];
    return [
      {
        toState: e.toState,
        pointType: c.pointType,
        pointName: c.pointName,
        distanceKm: c.distanceKm,
        radiusKm: c.radiusKm,
        positionAt: c.positionAt,
        outcome: c.outcome,
        override: c.override
          ? {
              reason: c.override.reason,
              reasonLabel: STAGE_OVERRIDE_LABELS[c.override.reason].en,
              reasonLabelHi: STAGE_OVERRIDE_LABELS[c.override.reason].hi,
              note: c.override.note,
              noPosition: c.override.noPosition,
            }
          : null,
        at: e.createdAt.toISOString(),
      },
    ];
  });
}

/** The reached-point checks of many trips at once (the consigner's trips list); the caller owns the trips. */
export async function stageChecksOfTrips(db: Db, tripIds: readonly string[]): Promise<Map<string, StageCheck[]>> {
  const found = new Map<string, StageCheck[]>();
  if (!tripIds.length) return found;
  const rows = await repo.listStageCheckEvents(db, tripIds);
  for (const r of rows) found.set(r.tripId, [...(found.get(r.tripId) ?? []), ...stageChecksOf([r])]);
  return found;
}
