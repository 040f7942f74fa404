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
} from '@bhada/contracts/support/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf, operatorIdOf, requireKind } from '../../../plugins/auth.ts';
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
  const operatorUser = routeTable(app, { tags, guard: requireKind('OPERATOR', 'SUBORDINATE') });
  const admin = routeTable(app, { tags, guard: requireKind('ADMIN') });

  operatorUser.get(
    '/api/odin/operator-web/survey/question-response',
    { summary: 'The survey waiting for me (feedBackWidget), if any', data: surveyQueryResponseSchema },
    (request) => engagement.openSurvey(app.ctx, { actor: userOf(request) }),
  );

  operatorUser.post(
    '/api/odin/operator-web/survey/question-response',
    {
      summary: 'Answer a survey (once per survey per user)',
      body: surveySubmitRequestSchema,
      data: z.object({ surveyId: z.string(), saved: z.literal(true) }),
      message: SUPPORT_MESSAGES.surveySaved,
    },
    (request) => engagement.submitSurvey(app.ctx, { actor: userOf(request), body: request.body }),
  );

  operatorUser.get(
    `${CONFIG}/rating/training-info`,
    { summary: 'Rating training modules, a page at a time', query: trainingInfoQuerySchema, data: trainingInfoResponseSchema },
    (request) => engagement.trainingInfo(app.ctx, { actor: userOf(request), page: request.query.page }),
  );

  operatorUser.get(
    `${CONFIG}/trip-training`,
    {
      summary: 'Training modules for a trip moment (type) and place (source)',
      query: tripTrainingQuerySchema,
      data: trainingInfoResponseSchema,
    },
    (request) => engagement.tripTraining(app.ctx, { actor: userOf(request), type: request.query.type, source: request.query.source }),
  );

  operatorUser.put(
    `${CONFIG}/training/status`,
    {
      summary: 'Mark a training module done',
      query: trainingStatusQuerySchema,
      data: trainingStatusResponseSchema,
      message: SUPPORT_MESSAGES.trainingDone,
    },
    (request) => engagement.completeTraining(app.ctx, { actor: userOf(request), type: request.query.type, id: request.query.id }),
  );

  operatorUser.get(
    `${CONFIG}/welang`,
    { summary: 'Language welcome: languages, mine, and whether to show the welcome', data: welangConfigSchema },
    (request) => engagement.welangConfig(app.ctx, { actor: userOf(request) }),
  );

  operatorUser.post(
    `${CONFIG}/widget-acknowledgement`,
    { summary: 'I have seen a widget (kept once)', body: widgetAckRequestSchema, data: widgetAckResponseSchema },
    (request) => engagement.acknowledgeWidget(app.ctx, { actor: userOf(request), widget: request.body.widget, refId: request.body.refId }),
  );

  operatorUser.get(
    '/api/rest/tesseract/v1/operator/rating-story',
    { summary: "My operator's rating and what it is made of", data: ratingStorySchema },
    (request) => engagement.ratingStory(app.ctx, { operatorId: userOf(request).operatorId }),
  );

  admin.get('/api/admin/surveys', { summary: 'Surveys with answer counts per question', data: surveyListSchema }, () =>
    engagement.surveyResults(app.ctx),
  );

  admin.post(
    '/api/admin/surveys',
    { summary: 'Define a survey (questions in en and hi)', body: createSurveyRequestSchema, data: surveyResultsSchema },
    (request) => engagement.createSurvey(app.ctx, { body: request.body }),
  );
};
