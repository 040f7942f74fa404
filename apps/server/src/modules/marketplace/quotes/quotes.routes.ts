import { envelopeSchema } from '@bhada/contracts/common';
import { quoteViewSchema } from '@bhada/contracts/marketplace/loads';
import { QUOTES_MESSAGES, quoteQualityQuerySchema, quoteQualityResponseSchema, submitQuoteRequestSchema } from '@bhada/contracts/marketplace/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import { forgetBoardContext } from '../board/board-context.ts';
import * as quotes from './quotes.service.ts';

const tags = ['quotes'];
const idParams = z.object({ id: z.string().min(1).max(40) });

export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/rest/tesseract/v1/load/:id/quote',
    {
      preValidation: requirePermission('LOADS_VIEW', 'QUOTES_SUBMIT'),
      schema: {
        tags,
        summary: 'Place or revise my quote (rupees, 2 decimals) while bidding is open',
        params: idParams,
        body: submitQuoteRequestSchema,
        response: { 200: envelopeSchema(quoteViewSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const operatorId = operatorIdOf(actor);
      const view = await quotes.placeQuote(app.ctx, { operatorId, userCode: actor.userCode }, request.params.id, request.body.value);
      // a first quote moves the load off this operator's OPEN tab (ADR 192)
      forgetBoardContext(app.tenantReads, operatorId);
      return ok(view, QUOTES_MESSAGES.submitted);
    },
  );

  app.get(
    '/api/rest/tesseract/v1/load/:id/quote-quality',
    {
      preValidation: requirePermission('LOADS_VIEW'),
      schema: {
        tags,
        summary: 'How a quote compares with the lane’s recent winning prices',
        params: idParams,
        querystring: quoteQualityQuerySchema,
        response: { 200: envelopeSchema(quoteQualityResponseSchema) },
      },
    },
    async (request) => ok(await quotes.quoteQuality(app.db, operatorIdOf(actorOf(request)), request.params.id, request.query.value)),
  );
};
