import { envelopeSchema } from '@bhada/contracts/common';
import {
  awardRequestSchema,
  callResponseSchema,
  cancelDemandRequestSchema,
  consentRequestSchema,
  consentResponseSchema,
  demandListQuerySchema,
  demandListResponseSchema,
  demandQuotesResponseSchema,
  LOADS_MESSAGES,
  loadDetailSchema,
  loadListQuerySchema,
  loadListResponseSchema,
  loadRefSchema,
  loadTabsResponseSchema,
  postLoadRequestSchema,
  searchOptionQuerySchema,
  searchOptionsResponseSchema,
} from '@bhada/contracts/loads';
import { LOAD_EVENT_TYPES } from '@bhada/contracts/quotes';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import { leaderboardEvent } from '../quotes/quotes.service.ts';
import * as demands from './demands.service.ts';
import { demandForConsigner, demandForOperator } from './load-access.ts';
import * as loads from './loads.service.ts';

const tags = ['loads'];
const idParams = z.object({ id: z.string().min(1).max(40) });
const demandIdParams = z.object({ demandId: z.string().min(1).max(40) });
export const AWARD_JOB = 'loads.award';
export const AWARD_SWEEP_JOB = 'loads.award-sweep';

/** Tells the winner and the losers (app event + notifier) and every open screen of the load. */
export async function announceAward(app: FastifyInstance, outcome: demands.AwardOutcome) {
  await app.events.publish({
    topic: `load:${outcome.demandId}`,
    type: LOAD_EVENT_TYPES.state,
    data: { demandId: outcome.demandId, state: outcome.state },
  });
  const ids = [outcome.winnerOperatorId, ...outcome.loserOperatorIds, outcome.previousWinner].filter((x): x is string => Boolean(x));
  const owners = await demands.ownersOf(app.db, [...new Set(ids)]);
  const rupees = outcome.pricePaisa ? `₹${(outcome.pricePaisa / 100).toLocaleString('en-IN')}` : '';
  for (const owner of owners) {
    const won = owner.operatorId === outcome.winnerOperatorId;
    const text = won
      ? `You won load ${outcome.demandId} at ${rupees}. Pay the token to confirm the trip.`
      : `Load ${outcome.demandId} went to another operator. Thank you for quoting.`;
    await app.events.publish({
      topic: `user:${owner.userCode}`,
      type: 'load-result',
      data: { demandId: outcome.demandId, result: won ? 'WON' : 'LOST', message: text },
    });
    try {
      await app.notifier.send({
        channel: 'sms',
        to: owner.phone,
        subject: won ? 'Load won' : 'Load result',
        text,
        kind: won ? 'LOAD_WON' : 'LOAD_LOST',
      });
    } catch (err) {
      // the award stands even when a message cannot be sent; the app shows the result anyway
      app.log.warn({ err, demandId: outcome.demandId }, 'award notification failed');
    }
  }
}

export async function awardAndAnnounce(app: FastifyInstance, demandId: string, now = new Date()) {
  const outcome = await demands.awardLoad(app.db, demandId, now);
  if (outcome) await announceAward(app, outcome);
  return outcome;
}

export const loadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = requirePermission('LOADS_VIEW');
  const poster = requireKind('CONSIGNER', 'ADMIN');
  const who = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    return { operatorId: operatorIdOf(actor), userCode: actor.userCode };
  };

  app.jobs.define<{ demandId: string }>(AWARD_JOB, async ({ demandId }) => {
    await awardAndAnnounce(app, demandId);
  });
  // a safety net for loads whose own job was lost (or seeded without one)
  app.jobs.define(AWARD_SWEEP_JOB, async () => {
    for (const id of await demands.listDueForAward(app.db, new Date())) await awardAndAnnounce(app, id);
  });
  app.jobs.schedule(AWARD_SWEEP_JOB, '* * * * *');

  app.authorizeTopic('load', async (actor, id) => {
    try {
      if (actor.kind === 'CONSIGNER' || actor.kind === 'ADMIN') await demandForConsigner(app.db, actor, id);
      else {
        if (!actor.operatorId || !actor.permissions.has('LOADS_VIEW')) return false;
        await demandForOperator(app.db, actor.operatorId, id);
      }
      return true;
    } catch {
      return false;
    }
  });

  app.get(
    '/api/odin/v2/active-loads/states',
    {
      preValidation: view,
      schema: { tags, summary: 'Load board tabs with counts', response: { 200: envelopeSchema(loadTabsResponseSchema) } },
    },
    async (request) => ok(await loads.loadTabs(app.db, who(request).operatorId)),
  );

  app.get(
    '/api/rest/tesseract/v1/load',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Loads by state-id, best fit first',
        querystring: loadListQuerySchema,
        response: { 200: envelopeSchema(loadListResponseSchema) },
      },
    },
    async (request) => ok(await loads.listLoads(app.db, who(request).operatorId, request.query)),
  );

  app.get(
    '/api/odin/v2/active-loads/search-option',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Filter values for the load board',
        querystring: searchOptionQuerySchema,
        response: { 200: envelopeSchema(searchOptionsResponseSchema) },
      },
    },
    async (request) => ok(await loads.searchOptions(app.db, who(request).operatorId, request.query.action)),
  );

  app.get(
    '/api/rest/tesseract/v1/load/:id',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Load details with my quote view (utm-source header recorded)',
        params: idParams,
        headers: z.looseObject({ 'utm-source': z.string().max(60).optional() }),
        response: { 200: envelopeSchema(loadDetailSchema) },
      },
    },
    async (request) => ok(await loads.loadDetail(app.db, who(request), request.params.id, request.headers['utm-source'])),
  );

  app.put(
    '/api/rest/tesseract/v1/load/:demandId/consent',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Accept or reject a load',
        params: demandIdParams,
        body: consentRequestSchema,
        response: { 200: envelopeSchema(consentResponseSchema) },
      },
    },
    async (request) => {
      const saved = await loads.saveConsent(app.db, who(request), request.params.demandId, request.body.loadConsent);
      if (saved.quoteWithdrawn) await publishLeaderboardFor(app, request.params.demandId);
      return ok({ demandId: saved.demandId, loadConsent: saved.loadConsent }, LOADS_MESSAGES.consentSaved);
    },
  );

  app.get(
    '/api/odin/v2/:id/call',
    {
      preValidation: view,
      schema: { tags, summary: 'Whom to call about a load', params: idParams, response: { 200: envelopeSchema(callResponseSchema) } },
    },
    async (request) => ok(await loads.callContact(app.db, who(request).operatorId, request.params.id)),
  );

  // ---- consigner and admin ----
  app.post(
    '/api/rest/tesseract/v1/demand',
    {
      preValidation: poster,
      schema: {
        tags,
        summary: 'Post a load (consigner or admin)',
        body: postLoadRequestSchema.extend({ consignerCode: z.string().optional() }),
        response: { 200: envelopeSchema(loadRefSchema) },
      },
    },
    async (request) => {
      const row = await demands.postLoad(app.db, actorOf(request), request.body);
      await app.jobs.send(AWARD_JOB, { demandId: row.id }, { startAfter: row.biddingEndsAt, singletonKey: `award:${row.id}` });
      return ok({ demandId: row.id }, LOADS_MESSAGES.loadPosted);
    },
  );

  app.get(
    '/api/rest/tesseract/v1/demand',
    {
      preValidation: poster,
      schema: {
        tags,
        summary: "A consigner's loads (admin: all)",
        querystring: demandListQuerySchema,
        response: { 200: envelopeSchema(demandListResponseSchema) },
      },
    },
    async (request) => ok(await demands.listDemands(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/api/rest/tesseract/v1/demand/:id/quotes',
    {
      preValidation: poster,
      schema: {
        tags,
        summary: 'Quotes on my load, ranked',
        params: idParams,
        response: { 200: envelopeSchema(demandQuotesResponseSchema) },
      },
    },
    async (request) => ok(await demands.demandQuotes(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/api/rest/tesseract/v1/demand/:id/award',
    {
      preValidation: poster,
      schema: {
        tags,
        summary: 'Pick another quote before the deadline',
        params: idParams,
        body: awardRequestSchema,
        response: { 200: envelopeSchema(loadRefSchema) },
      },
    },
    async (request) => {
      const outcome = await demands.changeAward(app.db, actorOf(request), request.params.id, request.body);
      await announceAward(app, outcome);
      return ok({ demandId: outcome.demandId }, LOADS_MESSAGES.awarded);
    },
  );

  app.post(
    '/api/rest/tesseract/v1/demand/:id/cancel',
    {
      preValidation: poster,
      schema: {
        tags,
        summary: 'Cancel my load before a token is paid',
        params: idParams,
        body: cancelDemandRequestSchema,
        response: { 200: envelopeSchema(loadRefSchema) },
      },
    },
    async (request) => {
      const done = await demands.cancelDemand(app.db, actorOf(request), request.params.id, request.body.reason);
      await app.events.publish({
        topic: `load:${done.demandId}`,
        type: LOAD_EVENT_TYPES.state,
        data: { demandId: done.demandId, state: 'CANCELLED' },
      });
      return ok(done, LOADS_MESSAGES.loadCancelled);
    },
  );
};

/** Publishes the neutral leaderboard event after a quote changed (ADR 022). */
export async function publishLeaderboardFor(app: FastifyInstance, demandId: string) {
  const demand = await demands.findDemand(app.db, demandId);
  if (!demand) return;
  await app.events.publish({ topic: `load:${demandId}`, type: LOAD_EVENT_TYPES.leaderboard, data: await leaderboardEvent(app.db, demand) });
}
