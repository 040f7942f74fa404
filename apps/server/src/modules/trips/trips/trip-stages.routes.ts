import { okSchema } from '@bhada/contracts/common';
import * as api from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/auth.ts';
import { tripAccess, V1 } from './trip-access.ts';
import * as stages from './trip-stages.service.ts';

/** Stage codes, state moves, alerts and feedback of a trip (marketplace §7). */
export const tripStagesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { viewer, manager, deps, mine } = tripAccess(app, opts.secret);

  manager.post(
    `${V1}/otp`,
    {
      summary: 'Send or verify a stage OTP',
      body: api.tripOtpRequestSchema,
      data: api.tripOtpResponseSchema,
      message: (result) => (result.verified ? api.TRIPS_MESSAGES.otpVerified : api.TRIPS_MESSAGES.otpSent),
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return stages.stageOtp(deps(), actorOf(request), trip, request.body);
    },
  );

  manager.post(
    `${V1}/operator/advance-state`,
    {
      summary: 'Move the trip to its next stage',
      body: api.advanceStateRequestSchema,
      data: api.stateChangeWidgetSchema,
      message: api.TRIPS_MESSAGES.stateUpdated,
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.advanceState(deps(), actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    `${V1}/operator/advance-state-view`,
    { summary: 'The state-change widget', body: api.advanceStateViewRequestSchema, data: api.stateChangeWidgetSchema },
    async (request) => stages.advanceStateView(await mine(request, { id: request.body.tripId })),
  );

  manager.post(
    `${V1}/operator/state-change-alert`,
    {
      summary: 'Record a state alert',
      body: api.stateChangeAlertRequestSchema,
      data: api.alertRefSchema,
      message: api.TRIPS_MESSAGES.alertRecorded,
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.stateChangeAlert(app.db, actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    '/api/odin/operator-app/trip/feedback-action',
    { summary: 'Trip feedback', body: api.feedbackActionRequestSchema, data: okSchema, message: api.TRIPS_MESSAGES.feedbackSaved },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.feedbackAction(app.db, actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    '/api/rest/tesseract/v1/chats/session/update-variables',
    { summary: 'Support chat context', body: api.chatVariablesRequestSchema, data: okSchema },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.updateChatVariables(app.db, actorOf(request), trip, request.body);
    },
  );
};
