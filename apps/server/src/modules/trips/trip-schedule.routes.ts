import { envelopeSchema } from '@bhada/contracts/common';
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
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as schedule from './trip-schedule.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';
const V2 = '/api/rest/tesseract/v2/trip';

/** Reasons, loading and unloading slots, and delays of a trip (marketplace §7, ADR 033). */
export const tripScheduleRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  // ---------- reasons, slots, delays ----------

  app.get(
    `${V2}/:id/reasons`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Reasons by action',
        params: tripIdParamsSchema,
        querystring: reasonsQuerySchema,
        response: { 200: envelopeSchema(reasonsResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(schedule.reasons(request.query.action));
    },
  );

  app.get(
    `${V2}/:id/slot`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Bookable slots at a point',
        params: tripIdParamsSchema,
        querystring: slotQuerySchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) => ok(await schedule.getSlots(deps(), await mine(request, { id: request.params.id }), request.query.location)),
  );

  app.patch(
    `${V2}/:id/slot`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Book a slot',
        params: tripIdParamsSchema,
        body: bookSlotRequestSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) =>
      ok(await schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.slotBooked),
  );

  app.get(
    `${V2}/:id/loading-slot`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Loading slots (fastag §7.4)',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) => ok(await schedule.getSlots(deps(), await mine(request, { id: request.params.id }), 'LOADING')),
  );

  app.post(
    `${V2}/:id/loading-slot`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Book a loading slot (fastag §7.4)',
        params: tripIdParamsSchema,
        body: loadingSlotRequestSchema,
        response: { 200: envelopeSchema(slotResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await schedule.bookSlot(deps(), await mine(request, { id: request.params.id }), { location: 'LOADING', start: request.body.start }),
        TRIPS_MESSAGES.slotBooked,
      ),
  );

  app.get(
    `${V1}/:id/delay`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Delay reasons and reports',
        params: tripIdParamsSchema,
        querystring: delayQuerySchema,
        response: { 200: envelopeSchema(delayResponseSchema) },
      },
    },
    async (request) => ok(await schedule.getDelay(deps(), await mine(request, { id: request.params.id }), request.query.type)),
  );

  app.patch(
    `${V1}/:id/delay`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Report a delay',
        params: tripIdParamsSchema,
        body: updateDelayRequestSchema,
        response: { 200: envelopeSchema(delayResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await schedule.updateDelay(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
        TRIPS_MESSAGES.remarksUpdated,
      ),
  );
};
