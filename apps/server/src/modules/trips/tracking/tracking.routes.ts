import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  deviceSchema,
  osmandQuerySchema,
  registerDeviceRequestSchema,
  registeredDeviceSchema,
  trackingQuerySchema,
  tripTrackingSchema,
} from '@bhada/contracts/trips/tracking';
import { tripIdParamsSchema } from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidInput } from '../../../lib/errors.ts';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requireAuth, requirePermission } from '../../../plugins/auth.ts';
import * as trips from '../trips/trips.service.ts';
import * as tracking from './tracking.service.ts';

const tags = ['tracking'];

/** OsmAnd ingestion, devices and trip tracking. */
export const trackingRoutes: FastifyPluginAsyncZod<{ publicUrl?: string; production: boolean }> = async (app, opts) => {
  const includeDeviceless = !opts.production;

  // OsmAnd clients send the fields as a query string (GET or POST) or as a form body
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const handler = async (request: { query: unknown; body?: unknown }) => {
      const merged = { ...((request.body as object | undefined) ?? {}), ...(request.query as object) };
      const parsed = osmandQuerySchema.safeParse(merged);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidInput(issue, 'Invalid value', `${issue?.path.join('.') || 'position'}: ${issue?.message ?? 'invalid'}`);
      }
      return ok(await tracking.ingest(app.db, app.events, parsed.data));
    };
    const schema = {
      tags,
      summary: 'OsmAnd position ingestion (Traccar Client compatible)',
      response: { 200: envelopeSchema(z.object({ accepted: z.literal(true), tripId: z.string().nullable() })) },
    };
    // devices authenticate with their secret id; the per-IP limit would block a fleet behind one NAT
    scope.get('/api/tracking/osmand', { schema, config: { rateLimit: false } }, handler);
    scope.post('/api/tracking/osmand', { schema, config: { rateLimit: false } }, handler);
  });

  app.post(
    '/api/tracking/devices',
    {
      preValidation: requirePermission('VEHICLES_MANAGE'),
      schema: {
        tags,
        summary: 'Register a GPS device or phone',
        body: registerDeviceRequestSchema,
        response: { 200: envelopeSchema(registeredDeviceSchema) },
      },
    },
    async (request) => {
      const base = opts.publicUrl ?? `${request.protocol}://${request.host}`;
      return ok(await tracking.registerDevice(app.db, operatorIdOf(actorOf(request)), request.body, `${base}/api/tracking/osmand`));
    },
  );

  app.get(
    '/api/tracking/devices',
    {
      preValidation: requirePermission('VEHICLES_VIEW'),
      schema: { tags, summary: "The operator's devices", response: { 200: envelopeSchema(z.array(deviceSchema)) } },
    },
    async (request) => ok(await tracking.listDevices(app.db, operatorIdOf(actorOf(request)))),
  );

  app.delete(
    '/api/tracking/devices/:id',
    {
      preValidation: requirePermission('VEHICLES_MANAGE'),
      schema: { tags, summary: 'Revoke a device', params: tripIdParamsSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => ok(await tracking.revokeDevice(app.db, operatorIdOf(actorOf(request)), request.params.id)),
  );

  app.get(
    '/api/rest/tesseract/v2/trip/:id/tracking',
    {
      preValidation: requirePermission('TRIPS_VIEW'),
      schema: {
        tags,
        summary: 'Trip tracking: path, position, ETA, stops',
        params: tripIdParamsSchema,
        querystring: trackingQuerySchema,
        response: { 200: envelopeSchema(tripTrackingSchema) },
      },
    },
    async (request) => {
      const trip = await trips.tripOf(app.db, { id: request.params.id, operatorId: operatorIdOf(actorOf(request)) });
      return ok(await tracking.tripTracking(app.db, trip, request.query.state));
    },
  );

  if (!opts.production) {
    // demo and browser tests: move the simulated trucks now instead of waiting a minute
    app.post('/api/dev/tracking/tick', { preValidation: requireAuth, schema: { hide: true } }, async () =>
      ok(await tracking.simulateTick(app.db, app.events, { includeDeviceless })),
    );
  }
};
