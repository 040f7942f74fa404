import { okSchema } from '@bhada/contracts/common';
import {
  biltiViewUrlsSchema,
  cancelConfirmationSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  notifyConsignerRequestSchema,
  reasonsResponseSchema,
  replaceVehicleRequestSchema,
  TRIPS_MESSAGES,
  tripIdParamsSchema,
} from '@bhada/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../lib/route-table.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as changes from './trip-changes.service.ts';
import * as schedule from './trip-schedule.service.ts';

const tags = ['trips'];
const V2 = '/api/rest/tesseract/v2/trip';

/** Cancel, replace the vehicle, notify the consigner, bilti (fastag §7.4). */
export const tripChangesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  const viewer = routeTable(app, { tags, guard: view });
  const manager = routeTable(app, { tags, guard: manage });

  // ---------- cancel, replace, notify, bilti (fastag §7.4) ----------

  viewer.get(
    `${V2}/:id/cancel-reasons`,
    { summary: 'Cancel reasons', params: tripIdParamsSchema, data: reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons('CANCEL');
    },
  );

  viewer.get(
    `${V2}/:id/cancel-confirmation`,
    { summary: 'What cancelling refunds', params: tripIdParamsSchema, data: cancelConfirmationSchema },
    async (request) => changes.cancelConfirmation(deps(), await mine(request, { id: request.params.id })),
  );

  manager.post(
    `${V2}/:id/cancel`,
    {
      summary: 'Cancel the trip',
      params: tripIdParamsSchema,
      body: cancelRequestSchema,
      data: cancelResponseSchema,
      message: TRIPS_MESSAGES.cancelled,
    },
    async (request) => changes.cancelTrip(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
  );

  viewer.get(
    `${V2}/:id/replace-vehicle-reasons`,
    { summary: 'Vehicle replacement reasons', params: tripIdParamsSchema, data: reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons('REPLACE_VEHICLE');
    },
  );

  manager.post(
    `${V2}/replace-vehice`,
    {
      summary: 'Replace the vehicle (spec spelling)',
      body: replaceVehicleRequestSchema,
      data: z.object({ tripId: z.string(), vehicleId: z.string(), vehicleNumber: z.string() }),
      message: TRIPS_MESSAGES.vehicleReplaced,
    },
    async (request) => changes.replaceVehicle(deps(), actorOf(request), await mine(request, { id: request.body.tripId }), request.body),
  );

  manager.post(
    `${V2}/:id/notifyconsigner`,
    {
      summary: 'Tell the consigner where the truck is',
      params: tripIdParamsSchema,
      body: notifyConsignerRequestSchema.optional(),
      data: okSchema,
      message: TRIPS_MESSAGES.consignerNotified,
    },
    async (request) => changes.notifyConsigner(deps(), await mine(request, { id: request.params.id }), request.body?.message),
  );

  viewer.get(
    `${V2}/document/:id/bilti/view-urls`,
    { summary: 'Bilti (lorry receipt) view URLs', params: tripIdParamsSchema, data: biltiViewUrlsSchema },
    async (request) => changes.biltiViewUrls(deps(), await mine(request, { id: request.params.id })),
  );
};
