import { envelopeSchema } from '@bhada/contracts/common';
import {
  adminRateCardListSchema,
  adminRateCardQuerySchema,
  rateCardDecisionSchema,
  rateCardIdParamsSchema,
  rateCardListSchema,
  rateCardSaveRequestSchema,
  rateCardSchema,
  SUPPORT_MESSAGES,
} from '@bhada/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as rateCards from './rate-cards.service.ts';

const tags = ['support'];
const PATH = '/api/rest/tesseract/v1/operator/odvtRateCardStatus';

/** The operator's rate cards per lane and vehicle, and their review by the business (issue 14). */
export const rateCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = requirePermission('RATE_CARDS_MANAGE');
  const admin = requireKind('ADMIN');

  app.get(
    PATH,
    {
      preValidation: manage,
      schema: { tags, summary: 'My rate cards and their status', response: { 200: envelopeSchema(rateCardListSchema) } },
    },
    async (request) => ok(await rateCards.listRateCards(app.ctx, { operatorId: operatorIdOf(actorOf(request)) })),
  );

  app.post(
    PATH,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Save rate cards as a draft or submit them for review',
        body: rateCardSaveRequestSchema,
        response: { 200: envelopeSchema(rateCardListSchema) },
      },
    },
    async (request) =>
      ok(
        await rateCards.saveRateCards(app.ctx, { operatorId: operatorIdOf(actorOf(request)), body: request.body }),
        request.body.submit ? SUPPORT_MESSAGES.rateCardSubmitted : SUPPORT_MESSAGES.rateCardSaved,
      ),
  );

  app.get(
    '/api/admin/rate-cards',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Rate cards by status (the review queue)',
        querystring: adminRateCardQuerySchema,
        response: { 200: envelopeSchema(adminRateCardListSchema) },
      },
    },
    async (request) => ok(await rateCards.reviewQueue(app.ctx, request.query)),
  );

  app.post(
    '/api/admin/rate-cards/:id/decision',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Approve or reject a submitted rate card',
        params: rateCardIdParamsSchema,
        body: rateCardDecisionSchema,
        response: { 200: envelopeSchema(rateCardSchema) },
      },
    },
    async (request) =>
      ok(
        await rateCards.decide(app.ctx, {
          id: request.params.id,
          decision: request.body.decision,
          reason: request.body.reason,
          by: actorOf(request).userCode,
        }),
      ),
  );
};
