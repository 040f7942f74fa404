import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  POD_MESSAGES,
  podFileSchema,
  podUploadUrlRequestSchema,
  podUploadUrlResponseSchema,
  submitPodRequestSchema,
  submitPodResponseSchema,
  tripPodDetailsSchema,
} from '@bhada/contracts/pod';
import { rejectPodRequestSchema, tripIdParamsSchema, tripRefQuerySchema, verifyPodRequestSchema } from '@bhada/contracts/trips';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as trips from '../trips/trips.service.ts';
import * as pod from './pod.service.ts';

const tags = ['pod'];
const resourceBody = z.object({ tripId: z.string().min(1).max(40), resourceKey: z.string().min(1).max(300) });

/** Proof of delivery and trip documents: signed uploads checked by content, admin review. */
export const podRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const upload = requirePermission('POD_UPLOAD');
  const view = requirePermission('TRIPS_VIEW');
  const admin = requireKind('ADMIN');
  const deps = (): trips.TripDeps => ({
    db: app.db,
    storage: app.storage,
    notifier: app.notifier,
    events: app.events,
    config: app.ctx.config,
    log: app.log,
    secret: opts.secret,
  });
  const mine = (request: FastifyRequest, ref: { id?: string; demandId?: string }) =>
    trips.tripOf(app.db, { ...ref, operatorId: operatorIdOf(actorOf(request)) });

  app.post(
    '/api/odin/operator-app/upload-url',
    {
      preValidation: upload,
      schema: {
        tags,
        summary: 'Signed upload URL for a trip document',
        body: podUploadUrlRequestSchema,
        response: { 200: envelopeSchema(podUploadUrlResponseSchema) },
      },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId, demandId: request.body.tripId ? undefined : request.body.demandId });
      return ok(await pod.uploadUrl(deps(), actorOf(request), trip, request.body));
    },
  );

  app.post(
    '/api/odin/operator-app/upload-confirm',
    {
      preValidation: upload,
      schema: { tags, summary: 'Check an upload after the PUT', body: resourceBody, response: { 200: envelopeSchema(podFileSchema) } },
    },
    async (request) => ok(await pod.confirmUpload(deps(), await mine(request, { id: request.body.tripId }), request.body.resourceKey)),
  );

  app.post(
    '/api/odin/operator-app/upload-remove',
    {
      preValidation: upload,
      schema: { tags, summary: 'Remove an upload not yet submitted', body: resourceBody, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) => ok(await pod.removeUpload(deps(), await mine(request, { id: request.body.tripId }), request.body.resourceKey)),
  );

  app.get(
    '/api/odin/operator-app/trip-pod-details',
    {
      preValidation: view,
      schema: {
        tags,
        summary: "The trip's POD files",
        querystring: tripRefQuerySchema,
        response: { 200: envelopeSchema(tripPodDetailsSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await pod.podDetails(deps(), await mine(request, { id: q.tripId, demandId: q.tripId ? undefined : q['demand-id'] })));
    },
  );

  app.post(
    '/api/rest/tesseract/v1/trip/submit-pod',
    {
      preValidation: upload,
      schema: { tags, summary: 'Submit the POD', body: submitPodRequestSchema, response: { 200: envelopeSchema(submitPodResponseSchema) } },
    },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return ok(await pod.submitPod(deps(), actorOf(request), trip, request.body.podResourceKeys), POD_MESSAGES.uploaded);
    },
  );

  app.get(
    '/api/admin/trips/:id/pod',
    {
      preValidation: admin,
      schema: { tags, summary: 'Admin: POD files', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripPodDetailsSchema) } },
    },
    async (request) => ok(await pod.podDetails(deps(), await trips.anyTripOf(app.db, { id: request.params.id }))),
  );

  app.post(
    '/api/admin/trips/:id/pod/verify',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: verify the POD and settle',
        params: tripIdParamsSchema,
        body: verifyPodRequestSchema,
        response: { 200: envelopeSchema(z.object({ tripId: z.string() })) },
      },
    },
    async (request) => {
      const trip = await trips.anyTripOf(app.db, { id: request.params.id });
      return ok(await pod.verifyPod(deps(), actorOf(request), trip, request.body.deductions), POD_MESSAGES.verified);
    },
  );

  app.post(
    '/api/admin/trips/:id/pod/reject',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: reject the POD',
        params: tripIdParamsSchema,
        body: rejectPodRequestSchema,
        response: { 200: envelopeSchema(z.object({ tripId: z.string() })) },
      },
    },
    async (request) => {
      const trip = await trips.anyTripOf(app.db, { id: request.params.id });
      return ok(await pod.rejectPod(deps(), actorOf(request), trip, request.body.reason), POD_MESSAGES.rejected);
    },
  );
};
