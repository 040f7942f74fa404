import type { ServiceContext } from '../../../lib/context.ts';
import { simulateTick } from './tracking.service.ts';

export const SIMULATE_JOB = 'tracking.simulate';

/** Moves the demo fleet's devices along their trips once a minute (ADR 034). */
export function registerTrackingJobs(ctx: ServiceContext, opts: { includeDeviceless: boolean }) {
  ctx.jobs.define(SIMULATE_JOB, async () => {
    await simulateTick(ctx.db, ctx.events, { includeDeviceless: opts.includeDeviceless });
  });
  ctx.jobs.schedule(SIMULATE_JOB, '* * * * *');
}
