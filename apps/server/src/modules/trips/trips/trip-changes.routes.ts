import { okSchema } from '@bhada/contracts/common';
import * as api from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../plugins/auth.ts';
import { tripAccess, V2 } from './trip-access.ts';
import * as changes from './trip-changes.service.ts';
import * as schedule from './trip-schedule.service.ts';

/** Cancel, replace the vehicle, notify the consigner, bilti (fastag §7.4). */
export const tripChangesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { viewer, manager, canceller, deps, mine } = tripAccess(app, opts.secret);

  viewer.get(
    `${V2}/:id/cancel-reasons`,
    { summary: 'Cancel reasons', params: api.tripIdParamsSchema, data: api.reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons('CANCEL');
    },
  );

  viewer.get(
    `${V2}/:id/cancel-confirmation`,
    { summary: 'What cancelling refunds', params: api.tripIdParamsSchema, data: api.cancelConfirmationSchema },
    async (request) => changes.cancelConfirmation(deps(), await mine(request, { id: request.params.id })),
  );

  canceller.post(
    `${V2}/:id/cancel`,
    {
      summary: 'Cancel the trip',
      params: api.tripIdParamsSchema,
      body: api.cancelRequestSchema,
      data: api.cancelResponseSchema,
      message: api.TRIPS_MESSAGES.cancelled,
    },
    async (request) => changes.cancelTrip(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
  );

  viewer.get(
    `${V2}/:id/replace-vehicle-reasons`,
    { summary: 'Vehicle replacement reasons', params: api.tripIdParamsSchema, data: api.reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons('REPLACE_VEHICLE');
    },
  );

  manager.post(
    `${V2}/replace-vehice`,
    {
      summary: 'Replace the vehicle (spec spelling)',
      body: api.replaceVehicleRequestSchema,
      data: z.object({ tripId: z.string(), vehicleId: z.string(), vehicleNumber: z.string() }),
      message: api.TRIPS_MESSAGES.vehicleReplaced,
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      const replaced = await changes.replaceVehicle(deps(), actorOf(request), trip, request.body);
      // a new driver gets the trip's link; the old driver's link stops (issue 49)
      await app.driverLinks.forDriver({ tripId: trip.id, operatorId: trip.operatorId });
      return replaced;
    },
  );

  manager.post(
    `${V2}/:id/notifyconsigner`,
    {
      summary: 'Tell the consigner where the truck is',
      params: api.tripIdParamsSchema,
      body: api.notifyConsignerRequestSchema.optional(),
      data: okSchema,
      message: api.TRIPS_MESSAGES.consignerNotified,
    },
    async (request) => changes.notifyConsigner(deps(), await mine(request, { id: request.params.id }), request.body?.message),
  );

  viewer.get(
    `${V2}/document/:id/bilti/view-urls`,
    { summary: 'Bilti (lorry receipt) view URLs', params: api.tripIdParamsSchema, data: api.biltiViewUrlsSchema },
    async (request) => changes.biltiViewUrls(deps(), await mine(request, { id: request.params.id })),
  );
};
