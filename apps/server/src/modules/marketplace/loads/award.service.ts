import { formatPaisa } from '@bhada/contracts/money/amounts';
import { LOAD_EVENT_TYPES } from '@bhada/contracts/marketplace/quotes';
import type { ServiceContext } from '../../../lib/context.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as desk from './load-desk.service.ts';

/**
 * Awarding a load and telling everyone: the winner and the losers (app event + notifier) and every
 * open screen of the load. Routes and jobs call these; the jobs are registered by `loads.jobs.ts`.
 */
export const AWARD_JOB = 'loads.award';
export const AWARD_SWEEP_JOB = 'loads.award-sweep';

type AwardContext = Pick<ServiceContext, 'db' | 'events' | 'notifier' | 'jobs' | 'clock' | 'log'>;
type Poster = Parameters<typeof desk.postLoad>[1];
type Chooser = Parameters<typeof desk.changeAward>[1];

export async function announceAward(ctx: AwardContext, outcome: desk.AwardOutcome) {
  await ctx.events.publish({
    topic: `load:${outcome.demandId}`,
    type: LOAD_EVENT_TYPES.state,
    data: { demandId: outcome.demandId, state: outcome.state },
  });
  const ids = [outcome.winnerOperatorId, ...outcome.loserOperatorIds, outcome.previousWinner].filter((x): x is OperatorId => Boolean(x));
  const owners = await desk.ownersOf(ctx.db, [...new Set(ids)]);
  const price = outcome.pricePaisa ? formatPaisa(outcome.pricePaisa) : '';
  for (const owner of owners) {
    const won = owner.operatorId === outcome.winnerOperatorId;
    const text = won
      ? `You won load ${outcome.demandId} at ${price}. Pay the token to confirm the trip.`
      : `Load ${outcome.demandId} went to another operator. Thank you for quoting.`;
    await ctx.events.publish({
      topic: `user:${owner.userCode}`,
      type: 'load-result',
      data: { demandId: outcome.demandId, result: won ? 'WON' : 'LOST', message: text },
    });
    try {
      await ctx.notifier.send({
        channel: 'sms',
        to: owner.phone,
        subject: won ? 'Load won' : 'Load result',
        text,
        kind: won ? 'LOAD_WON' : 'LOAD_LOST',
      });
    } catch (err) {
      // the award stands even when a message cannot be sent; the app shows the result anyway
      ctx.log.warn({ err, demandId: outcome.demandId }, 'award notification failed');
    }
  }
}

/** Awards a load whose bidding window has closed (lowest quote) and announces it; null when not due. */
export async function awardAndAnnounce(ctx: AwardContext, demandId: string, now = ctx.clock.now()) {
  const outcome = await desk.awardLoad(ctx.db, demandId, now);
  if (outcome) await announceAward(ctx, outcome);
  return outcome;
}

/** Posts a load and schedules its award for the end of the bidding window. */
export async function postLoad(ctx: AwardContext, actor: Poster, input: desk.PostLoad & { consignerCode?: string }) {
  const row = await desk.postLoad(ctx.db, actor, input, ctx.clock.now());
  await ctx.jobs.send(AWARD_JOB, { demandId: row.id }, { startAfter: row.biddingEndsAt, singletonKey: `award:${row.id}` });
  return row;
}

/** The consigner or admin picks another quote; the new winner and the others are told. */
export async function changeAward(ctx: AwardContext, actor: Chooser, demandId: string, input: { operatorId: string; reason: string }) {
  const outcome = await desk.changeAward(ctx.db, actor, demandId, input, ctx.clock.now());
  await announceAward(ctx, outcome);
  return outcome;
}

/** Cancels a load before a token is paid; open screens learn at once. */
export async function cancelLoad(ctx: AwardContext, actor: Parameters<typeof desk.cancelDemand>[1], demandId: string, reason: string) {
  const done = await desk.cancelDemand(ctx.db, actor, demandId, reason);
  await ctx.events.publish({
    topic: `load:${done.demandId}`,
    type: LOAD_EVENT_TYPES.state,
    data: { demandId: done.demandId, state: 'CANCELLED' },
  });
  return done;
}
