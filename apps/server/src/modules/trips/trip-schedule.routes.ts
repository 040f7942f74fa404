import {
  bookSlotRequestSchema,
  delayQuerySchema,
  delayResponseSchema,
  loadingSlotRequestSchema,
  reasonsQuerySchema,
  reasonsResponseSchema,
  slotQuerySchema,
  slotResponseSchema,
  TRIPS_MESSAGES,
  tripIdParamsSchema,
  updateDelayRequestSchema,
} from '@bhada/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeTable } from '../../lib/route-table.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as schedule from './trip-schedule.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';
const V2 = '/api/rest/tesseract/v2/trip';

/** Reasons, loading and unloading slots, and delays of a trip (marketplace §7, ADR 033). */
export const tripScheduleRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  const viewer = routeTable(app, { tags, guard: view });
  const manager = routeTable(app, { tags, guard: manage });

  // ---------- reasons, slots, delays ----------

  viewer.get(
    `${V2}/:id/reasons`,
    { summary: 'Reasons by action', params: tripIdParamsSchema, query: reasonsQuerySchema, data: reasonsResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return schedule.reasons(request.query.action);
    },
  );

  viewer.get(
    `${V2}/:id/slot`,
    { summary: 'Bookable slots at a point', params: tripIdParamsSchema, query: slotQuerySchema, data: slotResponseSchema },
    async (request) => schedule.getSlots(deps(), await mine(request, { id: request.params.id }), request.query.location),
  );

  manager.patch(
    `${V2}/:id/slot`,
    {
      summary: 'Book a slot',
      params: tripIdParamsSchema,
      body: bookSlotRequestSchema,
      data: slotResponseSchema,
      message: TRIPS_MESSAGES.slotBooked,
    },
    async (request) => schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  viewer.get(
    `${V2}/:id/loading-slot`,
    { summary: 'Loading slots (fastag §7.4)', params: tripIdParamsSchema, data: slotResponseSchema },
    async (request) => schedule.getSlots(deps(), await mine(request, { id: request.params.id }), 'LOADING'),
  );

  manager.post(
    `${V2}/:id/loading-slot`,
    {
      summary: 'Book a loading slot (fastag §7.4)',
      params: tripIdParamsSchema,
      body: loadingSlotRequestSchema,
      data: slotResponseSchema,
      message: TRIPS_MESSAGES.slotBooked,
    },
    async (request) =>
      schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), { location: 'LOADING', start: request.body.start }),
  );

  viewer.get(
    `${V1}/:id/delay`,
    { summary: 'Delay reasons and reports', params: tripIdParamsSchema, query: delayQuerySchema, data: delayResponseSchema },
    async (request) => schedule.getDelay(deps(), await mine(request, { id: request.params.id }), request.query.type),
  );

  manager.patch(
    `${V1}/:id/delay`,
    {
      summary: 'Report a delay',
      params: tripIdParamsSchema,
      body: updateDelayRequestSchema,
      data: delayResponseSchema,
      message: TRIPS_MESSAGES.remarksUpdated,
    },
    async (request) => schedule.updateDelay(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
  );
};
