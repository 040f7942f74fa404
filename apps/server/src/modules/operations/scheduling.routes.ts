import { envelopeSchema } from '@bhada/contracts/common';
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
} from '@bhada/contracts/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requireKind } from '../../plugins/auth.ts';
import * as scheduling from './scheduling.service.ts';

const tags = ['operations'];

/** Scheduled vehicles and their map (spec §7 "Trucking docket and scheduling"): the admin kind only. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireKind('ADMIN');
  // the live stream of scheduled-vehicle changes is the desk's alone
  app.authorizeTopic('schedule', async (actor, id) => actor.kind === 'ADMIN' && id === 'all');

  app.get(
    '/api/vehicle/scheduledFilter',
    {
      preValidation: staff,
      schema: { tags, summary: 'Filter choices for scheduled vehicles', response: { 200: envelopeSchema(scheduledFilterResponseSchema) } },
    },
    async () => ok(await scheduling.scheduledFilter(app.ctx)),
  );

  app.get(
    '/api/vehicle/scheduledCounts',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Scheduled vehicles per state',
        querystring: scheduleFilterQuerySchema,
        response: { 200: envelopeSchema(scheduledCountsResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.scheduledCounts(app.ctx, { query: request.query })),
  );

  app.get(
    '/api/vehicle/scheduled',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Scheduled vehicles, a page',
        querystring: scheduledQuerySchema,
        response: { 200: envelopeSchema(scheduledResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.listScheduled(app.ctx, { query: request.query })),
  );

  app.get(
    '/api/vehicle/aggregatedMapDataForSchedule',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Map markers grouped by area for the zoom and box',
        querystring: mapQuerySchema,
        response: { 200: envelopeSchema(mapDataResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.mapData(app.ctx, { query: request.query })),
  );

  app.get(
    '/api/vehicle/getCurrentLocation',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: "A scheduled vehicle's current location",
        querystring: scheduledIdQuerySchema,
        response: { 200: envelopeSchema(currentLocationResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.currentLocation(app.ctx, request.query)),
  );

  app.get(
    '/api/vehicle/getItinerary',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: "A scheduled vehicle's stops, planned and actual",
        querystring: scheduledIdQuerySchema,
        response: { 200: envelopeSchema(itineraryResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.itinerary(app.ctx, request.query)),
  );

  app.get(
    '/api/vehicle/getPathDetail',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'The way a scheduled vehicle went',
        querystring: scheduledIdQuerySchema,
        response: { 200: envelopeSchema(pathDetailResponseSchema) },
      },
    },
    async (request) => ok(await scheduling.pathDetail(app.ctx, request.query)),
  );
};
