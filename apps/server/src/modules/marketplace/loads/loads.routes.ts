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
} from '@bhada/contracts/marketplace/loads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/reply.ts';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import { forgetBoardContext } from '../board/board-context.ts';
import { demandForConsigner, demandForOperator } from '../board/demand-access.ts';
import { publishLeaderboard } from '../quotes/quotes.service.ts';
import * as award from './award.service.ts';
import * as desk from './load-desk.service.ts';
import * as loads from './loads.service.ts';

const tags = ['loads'];
const idParams = z.object({ id: z.string().min(1).max(40) });
const demandIdParams = z.object({ demandId: z.string().min(1).max(40) });
export const loadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = routeTable(app, { tags, guard: requirePermission('LOADS_VIEW') });
  const poster = routeTable(app, { tags, guard: requireKind('CONSIGNER', 'ADMIN') });
  const who = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    return { operatorId: operatorIdOf(actor), userCode: actor.userCode };
  };

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

  view.get('/api/odin/v2/active-loads/states', { summary: 'Load board tabs with counts', data: loadTabsResponseSchema }, (request) =>
    loads.loadTabs(app.db, who(request).operatorId),
  );

  view.get(
    '/api/rest/tesseract/v1/load',
    { summary: 'Loads by state-id, best fit first', query: loadListQuerySchema, data: loadListResponseSchema },
    (request) => loads.listLoads(app.db, who(request).operatorId, request.query, new Date(), app.tenantReads),
  );

  view.get(
    '/api/odin/v2/active-loads/search-option',
    { summary: 'Filter values for the load board', query: searchOptionQuerySchema, data: searchOptionsResponseSchema },
    (request) => loads.searchOptions(app.db, who(request).operatorId, request.query.action),
  );

  app.get(
    '/api/rest/tesseract/v1/load/:id',
    {
      preValidation: view.guard,
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

  view.put(
    '/api/rest/tesseract/v1/load/:demandId/consent',
    {
      summary: 'Accept or reject a load',
      params: demandIdParams,
      body: consentRequestSchema,
      data: consentResponseSchema,
      message: LOADS_MESSAGES.consentSaved,
    },
    async (request) => {
      const saved = await loads.saveConsent(app.db, who(request), request.params.demandId, request.body.loadConsent);
      forgetBoardContext(app.tenantReads, who(request).operatorId);
      if (saved.quoteWithdrawn) await publishLeaderboard(app.ctx, request.params.demandId);
      return { demandId: saved.demandId, loadConsent: saved.loadConsent };
    },
  );

  view.get('/api/odin/v2/:id/call', { summary: 'Whom to call about a load', params: idParams, data: callResponseSchema }, (request) =>
    loads.callContact(app.db, who(request).operatorId, request.params.id),
  );

  // ---- consigner and admin ----
  poster.post(
    '/api/rest/tesseract/v1/demand',
    {
      summary: 'Post a load (consigner or admin)',
      body: postLoadRequestSchema.extend({ consignerCode: z.string().optional() }),
      data: loadRefSchema,
      message: LOADS_MESSAGES.loadPosted,
    },
    async (request) => {
      const row = await award.postLoad(app.ctx, actorOf(request), request.body);
      return { demandId: row.id };
    },
  );

  poster.get(
    '/api/rest/tesseract/v1/demand',
    { summary: "A consigner's loads (admin: all)", query: demandListQuerySchema, data: demandListResponseSchema },
    (request) => desk.listDemands(app.db, actorOf(request), request.query),
  );

  poster.get(
    '/api/rest/tesseract/v1/demand/:id/quotes',
    { summary: 'Quotes on my load, ranked', params: idParams, data: demandQuotesResponseSchema },
    (request) => desk.demandQuotes(app.db, actorOf(request), request.params.id),
  );

  poster.post(
    '/api/rest/tesseract/v1/demand/:id/award',
    {
      summary: 'Pick another quote before the deadline',
      params: idParams,
      body: awardRequestSchema,
      data: loadRefSchema,
      message: LOADS_MESSAGES.awarded,
    },
    async (request) => {
      const outcome = await award.changeAward(app.ctx, actorOf(request), request.params.id, request.body);
      return { demandId: outcome.demandId };
    },
  );

  poster.post(
    '/api/rest/tesseract/v1/demand/:id/cancel',
    {
      summary: 'Cancel my load before a token is paid',
      params: idParams,
      body: cancelDemandRequestSchema,
      data: loadRefSchema,
      message: LOADS_MESSAGES.loadCancelled,
    },
    (request) => award.cancelLoad(app.ctx, actorOf(request), request.params.id, request.body.reason),
  );
};
