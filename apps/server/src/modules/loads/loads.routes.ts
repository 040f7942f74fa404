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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import { demandForConsigner, demandForOperator } from '../demands/demand-access.ts';
import { publishLeaderboard } from '../quotes/quotes.service.ts';
import * as award from './award.service.ts';
import * as desk from './load-desk.service.ts';
import * as loads from './loads.service.ts';

const tags = ['loads'];
const idParams = z.object({ id: z.string().min(1).max(40) });
const demandIdParams = z.object({ demandId: z.string().min(1).max(40) });
export const loadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = requirePermission('LOADS_VIEW');
  const poster = requireKind('CONSIGNER', 'ADMIN');
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
      if (saved.quoteWithdrawn) await publishLeaderboard(app.ctx, request.params.demandId);
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
      const row = await award.postLoad(app.ctx, actorOf(request), request.body);
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
    async (request) => ok(await desk.listDemands(app.db, actorOf(request), request.query)),
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
    async (request) => ok(await desk.demandQuotes(app.db, actorOf(request), request.params.id)),
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
      const outcome = await award.changeAward(app.ctx, actorOf(request), request.params.id, request.body);
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
      const done = await award.cancelLoad(app.ctx, actorOf(request), request.params.id, request.body.reason);
      return ok(done, LOADS_MESSAGES.loadCancelled);
    },
  );
};
