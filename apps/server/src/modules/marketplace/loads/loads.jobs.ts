import type { ServiceContext } from '../../../lib/context.ts';
import { AWARD_JOB, AWARD_SWEEP_JOB, awardAndAnnounce } from './award.service.ts';
import { listDueForAward } from './load-desk.service.ts';

/** The loads module's background work, registered once at start (app.ts). */
export function registerLoadsJobs(ctx: ServiceContext) {
  ctx.jobs.define<{ demandId: string }>(AWARD_JOB, async ({ demandId }) => {
    await awardAndAnnounce(ctx, demandId);
  });
  // a safety net for loads whose own job was lost (or seeded without one)
  ctx.jobs.define(AWARD_SWEEP_JOB, async () => {
    for (const id of await listDueForAward(ctx.db, ctx.clock.now())) await awardAndAnnounce(ctx, id);
  });
  ctx.jobs.schedule(AWARD_SWEEP_JOB, '* * * * *');
}
