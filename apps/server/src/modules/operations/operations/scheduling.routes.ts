import {
  currentLocationResponseSchema,
  itineraryResponseSchema,
  mapDataResponseSchema,
  mapQuerySchema,
  pathDetailResponseSchema,
  scheduledCountsResponseSchema,
  scheduledFilterResponseSchema,
  scheduledIdQuerySchema,
  scheduledQuerySchema,
  scheduledResponseSchema,
  scheduleFilterQuerySchema,
} from '@bhada/contracts/operations/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskRoutes } from './operations-access.ts';
import * as scheduling from './scheduling.service.ts';

/** Scheduled vehicles and their map (spec §7 "Trucking docket and scheduling"): the admin kind only. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = deskRoutes(app);
  // the live stream of scheduled-vehicle changes is the desk's alone
  app.authorizeTopic('schedule', async (actor, id) => actor.kind === 'ADMIN' && id === 'all');

  staff.get('/api/vehicle/scheduledFilter', { summary: 'Filter choices for scheduled vehicles', data: scheduledFilterResponseSchema }, () =>
    scheduling.scheduledFilter(app.ctx),
  );

  staff.get(
    '/api/vehicle/scheduledCounts',
    { summary: 'Scheduled vehicles per state', query: scheduleFilterQuerySchema, data: scheduledCountsResponseSchema },
    (request) => scheduling.scheduledCounts(app.ctx, { query: request.query }),
  );

  staff.get(
    '/api/vehicle/scheduled',
    { summary: 'Scheduled vehicles, a page', query: scheduledQuerySchema, data: scheduledResponseSchema },
    (request) => scheduling.listScheduled(app.ctx, { query: request.query }),
  );

  staff.get(
    '/api/vehicle/aggregatedMapDataForSchedule',
    { summary: 'Map markers grouped by area for the zoom and box', query: mapQuerySchema, data: mapDataResponseSchema },
    (request) => scheduling.mapData(app.ctx, { query: request.query }),
  );

  staff.read(
    '/api/vehicle/getCurrentLocation',
    { summary: "A scheduled vehicle's current location", query: scheduledIdQuerySchema, data: currentLocationResponseSchema },
    scheduling.currentLocation,
  );

  staff.read(
    '/api/vehicle/getItinerary',
    { summary: "A scheduled vehicle's stops, planned and actual", query: scheduledIdQuerySchema, data: itineraryResponseSchema },
    scheduling.itinerary,
  );

  staff.read(
    '/api/vehicle/getPathDetail',
    { summary: 'The way a scheduled vehicle went', query: scheduledIdQuerySchema, data: pathDetailResponseSchema },
    scheduling.pathDetail,
  );
};
