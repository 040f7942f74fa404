import * as api from '@bhada/contracts/trips/driver';
import { podFileSchema } from '@bhada/contracts/trips/pod';
import { tripIdParamsSchema } from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sha256 } from '../../../lib/crypto.ts';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import { tripOf } from '../trips/trips.service.ts';
import * as driver from './driver.service.ts';
import { driverDeps } from './driver-links.ts';

const params = api.driverTokenParamsSchema;
const BASE = '/api/driver/:token';

/**
 * The driver's link (issue 49, ADR 260). The public calls under /api/driver/:token need no session: the
 * signed token is the permission and opens its one trip only; each link has its own request budget.
 * The operator's calls live under the operator's trip with the trips permissions.
 */
export const driverRoutes: FastifyPluginAsyncZod<{ secret: string; rateMax: number }> = async (app, opts) => {
  const deps = () => driverDeps(app, opts.secret);
  const link = routeTable(app, {
    tags: ['driver'],
    config: {
      rateLimit: {
        max: opts.rateMax,
        timeWindow: '1 minute',
        keyGenerator: (request) => `driver:${sha256(String((request.params as { token?: string }).token ?? ''))}`,
      },
    },
  });
  const tags = ['trips'];
  const viewer = routeTable(app, { tags, guard: requirePermission('TRIPS_VIEW') });
  const manager = routeTable(app, { tags, guard: requirePermission('TRIPS_MANAGE') });
  const mine = (request: Parameters<typeof actorOf>[0], id: string) => tripOf(app.db, { id, operatorId: operatorIdOf(actorOf(request)) });

  link.get(
    `${BASE}/trip`,
    { summary: "The driver's trip: points with contacts, the next stage", params, data: api.driverTripSchema },
    async (request) => driver.driverTrip(deps(), request.params.token),
  );
  link.post(
    `${BASE}/stage`,
    {
      summary: 'A stage from the driver: reached, code sent or checked, trip started',
      params,
      body: api.driverStageRequestSchema,
      data: api.driverActionResultSchema,
    },
    async (request) => driver.stageAction(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/delay`,
    { summary: 'The driver reports a delay with a reason', params, body: api.driverDelayRequestSchema, data: api.driverActionResultSchema },
    async (request) => driver.reportDelay(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/positions`,
    {
      summary: "A batch of positions from the driver's phone",
      params,
      body: api.driverPositionsRequestSchema,
      data: api.driverActionResultSchema,
    },
    async (request) => driver.positionsBatch(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/location`,
    {
      summary: 'The driver started or stopped sharing location',
      params,
      body: api.driverLocationRequestSchema,
      data: api.driverActionResultSchema,
    },
    async (request) => driver.locationSharing(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/pod/upload-url`,
    { summary: 'A signed upload for one POD photo', params, body: api.driverPodUploadRequestSchema, data: api.driverActionResultSchema },
    async (request) => driver.podUpload(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/pod/confirm`,
    { summary: 'Check a POD photo after its upload', params, body: api.driverPodConfirmRequestSchema, data: podFileSchema },
    async (request) => driver.podConfirm(deps(), request.params.token, request.body),
  );
  link.post(
    `${BASE}/pod/submit`,
    { summary: 'Submit the POD photos', params, body: api.driverPodSubmitRequestSchema, data: api.driverActionResultSchema },
    async (request) => driver.podSubmit(deps(), request.params.token, request.body),
  );

  const opPath = '/api/rest/tesseract/v2/trip/:id/driver-link';
  viewer.get(
    opPath,
    { summary: "The trip's driver link: opened, last report, location", params: tripIdParamsSchema, data: api.driverLinkResponseSchema },
    async (request) => driver.linkOfTrip(deps(), await mine(request, request.params.id)),
  );
  manager.post(
    opPath,
    {
      summary: 'Issue the driver link again (the old one stops) and text it to the driver',
      params: tripIdParamsSchema,
      data: api.driverLinkResponseSchema,
      message: api.DRIVER_MESSAGES.issued,
    },
    async (request) => {
      const trip = await mine(request, request.params.id);
      return { link: await driver.issueLink(deps(), trip, { userId: actorOf(request).userId }) };
    },
  );
  manager.delete(
    opPath,
    {
      summary: 'Switch the driver link off',
      params: tripIdParamsSchema,
      data: api.driverLinkResponseSchema,
      message: api.DRIVER_MESSAGES.revokedDone,
    },
    async (request) => driver.revokeLink(deps(), await mine(request, request.params.id)),
  );
};
