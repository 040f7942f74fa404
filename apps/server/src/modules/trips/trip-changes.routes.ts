import { envelopeSchema, okSchema } from '@bhada/contracts/common';
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
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as changes from './trip-changes.service.ts';
import * as schedule from './trip-schedule.service.ts';

const tags = ['trips'];
const V2 = '/api/rest/tesseract/v2/trip';

/** Cancel, replace the vehicle, notify the consigner, bilti (fastag §7.4). */
export const tripChangesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  // ---------- cancel, replace, notify, bilti (fastag §7.4) ----------

  app.get(
    `${V2}/:id/cancel-reasons`,
    {
      preValidation: view,
      schema: { tags, summary: 'Cancel reasons', params: tripIdParamsSchema, response: { 200: envelopeSchema(reasonsResponseSchema) } },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(schedule.reasons('CANCEL'));
    },
  );

  app.get(
    `${V2}/:id/cancel-confirmation`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'What cancelling refunds',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(cancelConfirmationSchema) },
      },
    },
    async (request) => ok(await changes.cancelConfirmation(deps(), await mine(request, { id: request.params.id }))),
  );

  app.post(
    `${V2}/:id/cancel`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Cancel the trip',
        params: tripIdParamsSchema,
        body: cancelRequestSchema,
        response: { 200: envelopeSchema(cancelResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await changes.cancelTrip(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.body),
        TRIPS_MESSAGES.cancelled,
      ),
  );

  app.get(
    `${V2}/:id/replace-vehicle-reasons`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Vehicle replacement reasons',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(reasonsResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(schedule.reasons('REPLACE_VEHICLE'));
    },
  );

  app.post(
    `${V2}/replace-vehice`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Replace the vehicle (spec spelling)',
        body: replaceVehicleRequestSchema,
        response: { 200: envelopeSchema(z.object({ tripId: z.string(), vehicleId: z.string(), vehicleNumber: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await changes.replaceVehicle(deps(), actorOf(request), await mine(request, { id: request.body.tripId }), request.body),
        TRIPS_MESSAGES.vehicleReplaced,
      ),
  );

  app.post(
    `${V2}/:id/notifyconsigner`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Tell the consigner where the truck is',
        params: tripIdParamsSchema,
        body: notifyConsignerRequestSchema.optional(),
        response: { 200: envelopeSchema(okSchema) },
      },
    },
    async (request) =>
      ok(
        await changes.notifyConsigner(deps(), await mine(request, { id: request.params.id }), request.body?.message),
        TRIPS_MESSAGES.consignerNotified,
      ),
  );

  app.get(
    `${V2}/document/:id/bilti/view-urls`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Bilti (lorry receipt) view URLs',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(biltiViewUrlsSchema) },
      },
    },
    async (request) => ok(await changes.biltiViewUrls(deps(), await mine(request, { id: request.params.id }))),
  );
};
