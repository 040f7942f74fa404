import { ISSUER_SIGNATURE_HEADER } from '@bhada/contracts/money/fastag';
import type { ServiceContext } from '../../../lib/context.ts';
import { checkTollsSince, type TollCheckSettings } from './toll-checks.service.ts';
import { simulateTollCrossings } from './toll-simulator.ts';

export const TOLL_SIMULATOR_JOB = 'fastag.simulate-tolls';
export const TOLL_CHECK_JOB = 'fastag.check-tolls';

/** An HTTP call into this same server (Fastify's inject), so simulated crossings take the issuer's path. */
export type LocalPost = (request: {
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number; json(): unknown }>;

/**
 * The Fastag module's background work. Outside production a simulator posts a few crossings of the
 * active demo tags every few minutes through the same signed webhook the real issuer calls (ADR 044).
 */
export function registerFastagJobs(
  ctx: ServiceContext,
  opts: { issuerSecret: string; simulateEvery?: string; post: LocalPost; tollChecks: TollCheckSettings },
) {
  // the catch-up of the toll checks (ADR 280): tolls the intake did not check, read forward from a cursor
  ctx.jobs.define(TOLL_CHECK_JOB, async () => {
    await checkTollsSince(ctx.db, opts.tollChecks, { maxBatches: 20 });
  });
  ctx.jobs.schedule(TOLL_CHECK_JOB, '*/5 * * * *');
  ctx.jobs.define(TOLL_SIMULATOR_JOB, async () => {
    await simulateTollCrossings(ctx.db, {
      secret: opts.issuerSecret,
      count: 6,
      now: ctx.clock.now(),
      deliver: async (rawBody, signature) => {
        const res = await opts.post({
          url: '/api/fastag/webhooks/toll',
          headers: { 'content-type': 'application/json', [ISSUER_SIGNATURE_HEADER]: signature },
          payload: rawBody,
        });
        return { status: res.statusCode, body: res.json() };
      },
    });
  });
  if (opts.simulateEvery) ctx.jobs.schedule(TOLL_SIMULATOR_JOB, opts.simulateEvery);
}
