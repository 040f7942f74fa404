import {
  adminRateCardListSchema,
  adminRateCardQuerySchema,
  rateCardDecisionSchema,
  rateCardIdParamsSchema,
  rateCardListSchema,
  rateCardSaveRequestSchema,
  rateCardSchema,
  SUPPORT_MESSAGES,
} from '@bhada/contracts/support/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as rateCards from './rate-cards.service.ts';

const tags = ['support'];
const PATH = '/api/rest/tesseract/v1/operator/odvtRateCardStatus';

/** The operator's rate cards per lane and vehicle, and their review by the business (issue 14). */
export const rateCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = routeTable(app, { tags, guard: requirePermission('RATE_CARDS_MANAGE') });
  const admin = routeTable(app, { tags, guard: requireKind('ADMIN') });

  manage.get(PATH, { summary: 'My rate cards and their status', data: rateCardListSchema }, (request) =>
    rateCards.listRateCards(app.ctx, { operatorId: operatorIdOf(actorOf(request)) }),
  );

  manage.post(
    PATH,
    {
      summary: 'Save rate cards as a draft or submit them for review',
      body: rateCardSaveRequestSchema,
      data: rateCardListSchema,
      message: (_, request) => (request.body.submit ? SUPPORT_MESSAGES.rateCardSubmitted : SUPPORT_MESSAGES.rateCardSaved),
    },
    (request) => rateCards.saveRateCards(app.ctx, { operatorId: operatorIdOf(actorOf(request)), body: request.body }),
  );

  admin.get(
    '/api/admin/rate-cards',
    { summary: 'Rate cards by status (the review queue)', query: adminRateCardQuerySchema, data: adminRateCardListSchema },
    (request) => rateCards.reviewQueue(app.ctx, request.query),
  );

  admin.post(
    '/api/admin/rate-cards/:id/decision',
    {
      summary: 'Approve or reject a submitted rate card',
      params: rateCardIdParamsSchema,
      body: rateCardDecisionSchema,
      data: rateCardSchema,
    },
    (request) =>
      rateCards.decide(app.ctx, {
        id: request.params.id,
        decision: request.body.decision,
        reason: request.body.reason,
        by: actorOf(request).userCode,
      }),
  );
};
