import * as api from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/auth.ts';
import { tripAccess, V1, V2 } from './trip-access.ts';
import * as schedule from './trip-schedule.service.ts';

/** Reasons, loading and unloading slots, and delays of a trip (marketplace §7, ADR 033). */
export const tripScheduleRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { viewer, manager, deps, mine } = tripAccess(app, opts.secret);
  // both bookings answer the point's slots after booking
  const booking = { params: api.tripIdParamsSchema, data: api.slotResponseSchema, message: api.TRIPS_MESSAGES.slotBooked };

  viewer.get(
    `${V2}/:id/reasons`,
    { summary: 'Reasons by action', params: api.tripIdParamsSchema, query: api.reasonsQuerySchema, data: api.reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons(request.query.action);
    },
  );

  viewer.get(
    `${V2}/:id/slot`,
    { summary: 'Bookable slots at a point', params: api.tripIdParamsSchema, query: api.slotQuerySchema, data: api.slotResponseSchema },
    async (request) => schedule.getSlots(deps(), await mine(request, { id: request.params.id }), request.query.location),
  );

  manager.patch(`${V2}/:id/slot`, { summary: 'Book a slot', body: api.bookSlotRequestSchema, ...booking }, async (request) =>
    schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  viewer.get(
    `${V2}/:id/loading-slot`,
    { summary: 'Loading slots (fastag §7.4)', params: api.tripIdParamsSchema, data: api.slotResponseSchema },
    async (request) => schedule.getSlots(deps(), await mine(request, { id: request.params.id }), 'LOADING'),
  );

  manager.post(
    `${V2}/:id/loading-slot`,
    { summary: 'Book a loading slot (fastag §7.4)', body: api.loadingSlotRequestSchema, ...booking },
    async (request) =>
      schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), { location: 'LOADING', start: request.body.start }),
  );

  viewer.get(
    `${V1}/:id/delay`,
    { summary: 'Delay reasons and reports', params: api.tripIdParamsSchema, query: api.delayQuerySchema, data: api.delayResponseSchema },
    async (request) => schedule.getDelay(deps(), await mine(request, { id: request.params.id }), request.query.type),
  );

  manager.patch(
    `${V1}/:id/delay`,
    {
      summary: 'Report a delay',
      params: api.tripIdParamsSchema,
      body: api.updateDelayRequestSchema,
      data: api.delayResponseSchema,
      message: api.TRIPS_MESSAGES.remarksUpdated,
    },
    async (request) => schedule.updateDelay(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
  );
};
