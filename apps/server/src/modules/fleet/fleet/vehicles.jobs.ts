import type { ServiceContext } from '../../../lib/context.ts';
import { notifyExpiringDocuments } from './documents.service.ts';
import { simulateParkedTrackers } from './fleet.service.ts';
import { registerFleetLive } from './fleet-live.ts';

export const EXPIRY_JOB = 'fleet.documentExpiry';
export const PARKED_JOB = 'fleet.simulateParked';

/**
 * The fleet's background work: a daily 09:00 India reminder of certificates about to expire, the GPS
 * Dashboard's per-operator live positions, and
 * outside production simulated trackers on parked demo vehicles, so the fleet map is live (ADR 100).
 */
export function registerVehiclesJobs(ctx: ServiceContext, opts: { production: boolean }) {
  ctx.jobs.define(EXPIRY_JOB, async () => {
    await notifyExpiringDocuments(ctx);
  });
  ctx.jobs.schedule(EXPIRY_JOB, '0 9 * * *');
  // the GPS Dashboard's live positions, per operator (ADR 103)
  registerFleetLive(ctx);
  if (!opts.production) {
    ctx.jobs.define(PARKED_JOB, async () => {
      await simulateParkedTrackers(ctx);
    });
    ctx.jobs.schedule(PARKED_JOB, '* * * * *');
  }
}
