import type { ServiceContext } from '../../lib/context.ts';
import { buildRequestedReport, CONSIGNER_REPORT_JOB } from './consigner-reports.service.ts';

/** The operations area's background work: the consigner reports asked for on the Reports page (ADR 133). */
export function registerOperationsJobs(ctx: ServiceContext) {
  ctx.jobs.define<{ requestId: string }>(CONSIGNER_REPORT_JOB, async (job) => {
    await buildRequestedReport(ctx, job);
  });
}
