import { envelopeSchema } from '@bhada/contracts/common';
import {
  createSurveyRequestSchema,
  ratingStorySchema,
  SUPPORT_MESSAGES,
  surveyListSchema,
  surveyQueryResponseSchema,
  surveyResultsSchema,
  surveySubmitRequestSchema,
  trainingInfoQuerySchema,
  trainingInfoResponseSchema,
  trainingStatusQuerySchema,
  trainingStatusResponseSchema,
  tripTrainingQuerySchema,
  welangConfigSchema,
  widgetAckRequestSchema,
  widgetAckResponseSchema,
} from '@bhada/contracts/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { textLocale } from '../../lib/user-text.ts';
import { actorOf, operatorIdOf, requireKind } from '../../plugins/auth.ts';
import * as engagement from './engagement.service.ts';

const tags = ['support'];
const CONFIG = '/api/rest/tesseract/v1/config';

const userOf = (request: FastifyRequest): engagement.UserActor => {
  const actor = actorOf(request);
  // the language picked in this browser first, then the saved one (ADR 147)
  return { userId: actor.userId, operatorId: operatorIdOf(actor), locale: textLocale(request.headers.locale, actor.locale) };
};

/** Surveys, training, the language welcome, widget acknowledgements and the rating story (issue 14). */
export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  // every operator user has these, whatever its role: they are about the user, not the business's data
  const operatorUser = requireKind('OPERATOR', 'SUBORDINATE');
  const admin = requireKind('ADMIN');

  app.get(
    '/api/odin/operator-web/survey/question-response',
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'The survey waiting for me (feedBackWidget), if any',
        response: { 200: envelopeSchema(surveyQueryResponseSchema) },
      },
    },
    async (request) => ok(await engagement.openSurvey(app.ctx, { actor: userOf(request) })),
  );

  app.post(
    '/api/odin/operator-web/survey/question-response',
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Answer a survey (once per survey per user)',
        body: surveySubmitRequestSchema,
        response: { 200: envelopeSchema(z.object({ surveyId: z.string(), saved: z.literal(true) })) },
      },
    },
    async (request) =>
      ok(await engagement.submitSurvey(app.ctx, { actor: userOf(request), body: request.body }), SUPPORT_MESSAGES.surveySaved),
  );

  app.get(
    `${CONFIG}/rating/training-info`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Rating training modules, a page at a time',
        querystring: trainingInfoQuerySchema,
        response: { 200: envelopeSchema(trainingInfoResponseSchema) },
      },
    },
    async (request) => ok(await engagement.trainingInfo(app.ctx, { actor: userOf(request), page: request.query.page })),
  );

  app.get(
    `${CONFIG}/trip-training`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Training modules for a trip moment (type) and place (source)',
        querystring: tripTrainingQuerySchema,
        response: { 200: envelopeSchema(trainingInfoResponseSchema) },
      },
    },
    async (request) =>
      ok(await engagement.tripTraining(app.ctx, { actor: userOf(request), type: request.query.type, source: request.query.source })),
  );

  app.put(
    `${CONFIG}/training/status`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Mark a training module done',
        querystring: trainingStatusQuerySchema,
        response: { 200: envelopeSchema(trainingStatusResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await engagement.completeTraining(app.ctx, { actor: userOf(request), type: request.query.type, id: request.query.id }),
        SUPPORT_MESSAGES.trainingDone,
      ),
  );

  app.get(
    `${CONFIG}/welang`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Language welcome: languages, mine, and whether to show the welcome',
        response: { 200: envelopeSchema(welangConfigSchema) },
      },
    },
    async (request) => ok(await engagement.welangConfig(app.ctx, { actor: userOf(request) })),
  );

  app.post(
    `${CONFIG}/widget-acknowledgement`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'I have seen a widget (kept once)',
        body: widgetAckRequestSchema,
        response: { 200: envelopeSchema(widgetAckResponseSchema) },
      },
    },
    async (request) =>
      ok(await engagement.acknowledgeWidget(app.ctx, { actor: userOf(request), widget: request.body.widget, refId: request.body.refId })),
  );

  app.get(
    '/api/rest/tesseract/v1/operator/rating-story',
    {
      preValidation: operatorUser,
      schema: { tags, summary: "My operator's rating and what it is made of", response: { 200: envelopeSchema(ratingStorySchema) } },
    },
    async (request) => ok(await engagement.ratingStory(app.ctx, { operatorId: userOf(request).operatorId })),
  );

  app.get(
    '/api/admin/surveys',
    {
      preValidation: admin,
      schema: { tags, summary: 'Surveys with answer counts per question', response: { 200: envelopeSchema(surveyListSchema) } },
    },
    async () => ok(await engagement.surveyResults(app.ctx)),
  );

  app.post(
    '/api/admin/surveys',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Define a survey (questions in en and hi)',
        body: createSurveyRequestSchema,
        response: { 200: envelopeSchema(surveyResultsSchema) },
      },
    },
    async (request) => ok(await engagement.createSurvey(app.ctx, { body: request.body })),
  );
};
