import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  advanceStateRequestSchema,
  advanceStateViewRequestSchema,
  alertRefSchema,
  chatVariablesRequestSchema,
  feedbackActionRequestSchema,
  stateChangeAlertRequestSchema,
  stateChangeWidgetSchema,
  TRIPS_MESSAGES,
  tripOtpRequestSchema,
  tripOtpResponseSchema,
} from '@bhada/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as stages from './trip-stages.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';

/** Stage codes, state moves, alerts and feedback of a trip (marketplace §7). */
export const tripStagesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  // ---------- stages ----------

  app.post(
    `${V1}/otp`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Send or verify a stage OTP',
        body: tripOtpRequestSchema,
        response: { 200: envelopeSchema(tripOtpResponseSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      const result = await stages.stageOtp(deps(), actorOf(request), trip, request.body);
      return ok(result, result.verified ? TRIPS_MESSAGES.otpVerified : TRIPS_MESSAGES.otpSent);
    },
  );

  app.post(
    `${V1}/operator/advance-state`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Move the trip to its next stage',
        body: advanceStateRequestSchema,
        response: { 200: envelopeSchema(stateChangeWidgetSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await stages.advanceState(deps(), actorOf(request), trip, request.body), TRIPS_MESSAGES.stateUpdated);
    },
  );

  app.post(
    `${V1}/operator/advance-state-view`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'The state-change widget',
        body: advanceStateViewRequestSchema,
        response: { 200: envelopeSchema(stateChangeWidgetSchema) },
      },
    },
    async (request) => ok(stages.advanceStateView(await mine(request, { id: request.body.tripId }))),
  );

  app.post(
    `${V1}/operator/state-change-alert`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Record a state alert',
        body: stateChangeAlertRequestSchema,
        response: { 200: envelopeSchema(alertRefSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await stages.stateChangeAlert(app.db, actorOf(request), trip, request.body), TRIPS_MESSAGES.alertRecorded);
    },
  );

  app.post(
    '/api/odin/operator-app/trip/feedback-action',
    {
      preValidation: view,
      schema: { tags, summary: 'Trip feedback', body: feedbackActionRequestSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await stages.feedbackAction(app.db, actorOf(request), trip, request.body), TRIPS_MESSAGES.feedbackSaved);
    },
  );

  app.post(
    '/api/rest/tesseract/v1/chats/session/update-variables',
    {
      preValidation: view,
      schema: { tags, summary: 'Support chat context', body: chatVariablesRequestSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await stages.updateChatVariables(app.db, actorOf(request), trip, request.body));
    },
  );
};
