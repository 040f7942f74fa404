import { okSchema } from '@bhada/contracts/common';
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
import { routeTable } from '../../lib/route-table.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as stages from './trip-stages.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';

/** Stage codes, state moves, alerts and feedback of a trip (marketplace §7). */
export const tripStagesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  const manager = routeTable(app, { tags, guard: manage });
  const viewer = routeTable(app, { tags, guard: view });

  // ---------- stages ----------

  manager.post(
    `${V1}/otp`,
    {
      summary: 'Send or verify a stage OTP',
      body: tripOtpRequestSchema,
      data: tripOtpResponseSchema,
      message: (result) => (result.verified ? TRIPS_MESSAGES.otpVerified : TRIPS_MESSAGES.otpSent),
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
      body: advanceStateRequestSchema,
      data: stateChangeWidgetSchema,
      message: TRIPS_MESSAGES.stateUpdated,
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.advanceState(deps(), actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    `${V1}/operator/advance-state-view`,
    { summary: 'The state-change widget', body: advanceStateViewRequestSchema, data: stateChangeWidgetSchema },
    async (request) => stages.advanceStateView(await mine(request, { id: request.body.tripId })),
  );

  manager.post(
    `${V1}/operator/state-change-alert`,
    { summary: 'Record a state alert', body: stateChangeAlertRequestSchema, data: alertRefSchema, message: TRIPS_MESSAGES.alertRecorded },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.stateChangeAlert(app.db, actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    '/api/odin/operator-app/trip/feedback-action',
    { summary: 'Trip feedback', body: feedbackActionRequestSchema, data: okSchema, message: TRIPS_MESSAGES.feedbackSaved },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.feedbackAction(app.db, actorOf(request), trip, request.body);
    },
  );

  viewer.post(
    '/api/rest/tesseract/v1/chats/session/update-variables',
    { summary: 'Support chat context', body: chatVariablesRequestSchema, data: okSchema },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await stages.updateChatVariables(app.db, actorOf(request), trip, request.body);
    },
  );
};
