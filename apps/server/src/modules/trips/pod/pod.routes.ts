import { okSchema } from '@bhada/contracts/common';
import {
  POD_MESSAGES,
  podFileSchema,
  podUploadUrlRequestSchema,
  podUploadUrlResponseSchema,
  submitPodRequestSchema,
  submitPodResponseSchema,
  tripPodDetailsSchema,
} from '@bhada/contracts/trips/pod';
import { rejectPodRequestSchema, tripIdParamsSchema, tripRefQuerySchema, verifyPodRequestSchema } from '@bhada/contracts/trips/trips';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as trips from '../trips/trips.service.ts';
import * as pod from './pod.service.ts';

const tags = ['pod'];
const resourceBody = z.object({ tripId: z.string().min(1).max(40), resourceKey: z.string().min(1).max(300) });

/** Proof of delivery and trip documents: signed uploads checked by content, admin review. */
export const podRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const upload = routeTable(app, { tags, guard: requirePermission('POD_UPLOAD') });
  const view = routeTable(app, { tags, guard: requirePermission('TRIPS_VIEW') });
  const admin = routeTable(app, { tags, guard: requireKind('ADMIN') });
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

  upload.post(
    '/api/odin/operator-app/upload-url',
    { summary: 'Signed upload URL for a trip document', body: podUploadUrlRequestSchema, data: podUploadUrlResponseSchema },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId, demandId: request.body.tripId ? undefined : request.body.demandId });
      return await pod.uploadUrl(deps(), actorOf(request), trip, request.body);
    },
  );

  upload.post(
    '/api/odin/operator-app/upload-confirm',
    { summary: 'Check an upload after the PUT', body: resourceBody, data: podFileSchema },
    async (request) => pod.confirmUpload(deps(), await mine(request, { id: request.body.tripId }), request.body.resourceKey),
  );

  upload.post(
    '/api/odin/operator-app/upload-remove',
    { summary: 'Remove an upload not yet submitted', body: resourceBody, data: okSchema },
    async (request) => pod.removeUpload(deps(), await mine(request, { id: request.body.tripId }), request.body.resourceKey),
  );

  view.get(
    '/api/odin/operator-app/trip-pod-details',
    { summary: "The trip's POD files", query: tripRefQuerySchema, data: tripPodDetailsSchema },
    async (request) => {
      const q = request.query;
      return await pod.podDetails(deps(), await mine(request, { id: q.tripId, demandId: q.tripId ? undefined : q['demand-id'] }));
    },
  );

  upload.post(
    '/api/rest/tesseract/v1/trip/submit-pod',
    { summary: 'Submit the POD', body: submitPodRequestSchema, data: submitPodResponseSchema, message: POD_MESSAGES.uploaded },
    async (request) => {
      const trip = await mine(request, { id: request.body.tripId });
      return await pod.submitPod(deps(), actorOf(request), trip, request.body.podResourceKeys);
    },
  );

  admin.get(
    '/api/admin/trips/:id/pod',
    { summary: 'Admin: POD files', params: tripIdParamsSchema, data: tripPodDetailsSchema },
    async (request) => pod.podDetails(deps(), await trips.anyTripOf(app.db, { id: request.params.id })),
  );

  admin.post(
    '/api/admin/trips/:id/pod/verify',
    {
      summary: 'Admin: verify the POD and settle',
      params: tripIdParamsSchema,
      body: verifyPodRequestSchema,
      data: z.object({ tripId: z.string() }),
      message: POD_MESSAGES.verified,
    },
    async (request) => {
      const trip = await trips.anyTripOf(app.db, { id: request.params.id });
      return await pod.verifyPod(deps(), actorOf(request), trip, request.body.deductions);
    },
  );

  admin.post(
    '/api/admin/trips/:id/pod/reject',
    {
      summary: 'Admin: reject the POD',
      params: tripIdParamsSchema,
      body: rejectPodRequestSchema,
      data: z.object({ tripId: z.string() }),
      message: POD_MESSAGES.rejected,
    },
    async (request) => {
      const trip = await trips.anyTripOf(app.db, { id: request.params.id });
      return await pod.rejectPod(deps(), actorOf(request), trip, request.body.reason);
    },
  );
};
