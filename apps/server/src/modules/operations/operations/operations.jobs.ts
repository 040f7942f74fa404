import type { ServiceContext } from '../../../lib/context.ts';
import { throttle } from '../../../lib/throttle.ts';
import { POSITIONS_TOPIC } from '../../trips/tracking/tracking.service.ts';
import { buildRequestedReport, CONSIGNER_REPORT_JOB } from './consigner-reports.service.ts';
import { SCHEDULE_TOPIC } from './consignments.service.ts';

/** How often, at most, new positions refresh the scheduled-vehicle screens (ADR 134). */
const LIVE_MAP_EVERY_MS = 3_000;

/**
 * The operations area's background work: the consigner reports asked for on the Reports page (ADR 133),
 * and the scheduled-vehicle map kept live: positions arriving for any vehicle tell the open screens
 * (topic schedule:all) to read the map again, at most once every 3 s whatever the number of trucks.
 */
export function registerOperationsJobs(ctx: ServiceContext) {
  ctx.jobs.define<{ requestId: string }>(CONSIGNER_REPORT_JOB, async (job) => {
    await buildRequestedReport(ctx, job);
  });
  const refreshMaps = throttle(() => {
    void ctx.events.publish({ topic: SCHEDULE_TOPIC, type: 'SCHEDULE', data: { reason: 'POSITIONS' } }).catch(() => undefined);
  }, LIVE_MAP_EVERY_MS);
  ctx.events.subscribe(POSITIONS_TOPIC, refreshMaps);
}
