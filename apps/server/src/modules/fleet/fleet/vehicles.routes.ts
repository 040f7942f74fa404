import {
  addVehicleRequestSchema,
  compactVehicleSchema,
  confirmProfileDocRequestSchema,
  documentIdParamsSchema,
  documentSchema,
  FLEET_MESSAGES,
  localeSchema,
  lookupParamsSchema,
  lookupResponseSchema,
  patchVehicleDocsRequestSchema,
  profileDocumentsSchema,
  profileUploadUrlQuerySchema,
  rejectDocumentRequestSchema,
  reviewItemSchema,
  reviewQueueQuerySchema,
  updateVehicleRequestSchema,
  uploadUrlResponseSchema,
  vehicleListingSchema,
  vehicleListQuerySchema,
  vehicleListResponseSchema,
  vehicleRefQuerySchema,
  vehicleSearchQuerySchema,
  vehicleUploadUrlQuerySchema,
  vehicleViewUrlQuerySchema,
  viewUrlResponseSchema,
} from '@bhada/contracts/fleet/fleet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireAuth, requireKind, requirePermission } from '../../../plugins/auth.ts';
import * as documents from './documents.service.ts';
import * as vehicles from './vehicles.service.ts';

const tags = ['vehicles'];
const base = '/api/rest/tesseract/v1';

/** spec: "vehicle data by query (locale header, default en)" — every vehicle answer reads the same header. */
const localeOf = (request: FastifyRequest) => localeSchema.parse(request.headers.locale);
const opOf = (request: FastifyRequest) => operatorIdOf(actorOf(request));

/** Vehicles and their KYC documents (issue 12, ADR 100). */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = routeTable(app, { tags, guard: requirePermission('VEHICLES_VIEW') });
  const manage = routeTable(app, { tags, guard: requirePermission('VEHICLES_MANAGE') });
  const docs = routeTable(app, { tags, guard: requirePermission('DOCUMENTS_MANAGE') });
  const admin = routeTable(app, { tags, guard: requireKind('ADMIN') });

  const signedIn = routeTable(app, { tags, guard: requireAuth });

  view.get(
    `${base}/operator/vehicles`,
    {
      summary: 'My vehicles with their documents (locale header en or hi)',
      query: vehicleListQuerySchema,
      data: vehicleListResponseSchema,
    },
    (request) => vehicles.listVehicles(app.ctx, { operatorId: opOf(request), locale: localeOf(request), ...request.query }),
  );

  manage.post(
    `${base}/operator/vehicles`,
    {
      summary: 'Add a vehicle (registration number checked and normalised; a registered number is refused)',
      body: addVehicleRequestSchema,
      data: vehicleListingSchema,
      message: FLEET_MESSAGES.vehicleAdded,
    },
    (request) => vehicles.addVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), vehicle: request.body }),
  );

  docs.patch(
    `${base}/operator/vehicles`,
    {
      summary: "Attach uploaded files as the vehicle's documents (checked by content, then reviewed)",
      body: patchVehicleDocsRequestSchema,
      data: vehicleListingSchema,
      message: FLEET_MESSAGES.documentsSaved,
    },
    async (request) => {
      const operatorId = opOf(request);
      await documents.attachVehicleDocuments(app.ctx, { operatorId, ...request.body });
      return await vehicles.getVehicle(app.ctx, { operatorId, locale: localeOf(request), vehicleId: request.body.vehicleId });
    },
  );

  manage.put(
    `${base}/operator/update-vehicle`,
    {
      summary: "Change a vehicle's listing fields",
      body: updateVehicleRequestSchema,
      data: vehicleListingSchema,
      message: FLEET_MESSAGES.vehicleUpdated,
    },
    (request) => vehicles.updateVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), update: request.body }),
  );

  view.get(
    `${base}/operator/vehicles/search`,
    {
      summary: 'Vehicle data by query: my vehicles whose number contains the text (locale header)',
      query: vehicleSearchQuerySchema,
      data: vehicleListResponseSchema,
    },
    (request) => vehicles.searchVehicles(app.ctx, { operatorId: opOf(request), locale: localeOf(request), query: request.query.query }),
  );

  view.get(
    `${base}/operator/vehicles/list`,
    { summary: 'My vehicles for pickers (number, type, status, device)', data: z.array(compactVehicleSchema) },
    (request) => vehicles.listCompact(app.ctx, { operatorId: opOf(request) }),
  );

  view.get(
    `${base}/vehicle`,
    {
      summary: 'One of my vehicles by vehicleId or registration number (locale header)',
      query: vehicleRefQuerySchema,
      data: vehicleListingSchema,
    },
    (request) => vehicles.getVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), ...request.query }),
  );

  signedIn.get(
    `${base}/vehicle/lookup/:kind`,
    { summary: 'Add-vehicle choices: tyre, size, tonnage or height', params: lookupParamsSchema, data: lookupResponseSchema },
    (request) => vehicles.lookups(app.ctx, { kind: request.params.kind }),
  );

  docs.get(
    `${base}/operator/vehicle/document/upload-url`,
    {
      summary: 'Signed upload URL for a vehicle document (RC front or back, declaration, certificates)',
      query: vehicleUploadUrlQuerySchema,
      data: uploadUrlResponseSchema,
    },
    async (request) => {
      const actor = actorOf(request);
      return await documents.vehicleUploadUrl(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, ...request.query });
    },
  );

  view.get(
    `${base}/operator/vehicle/document/view-url`,
    { summary: "Signed view URL of a vehicle's document in force", query: vehicleViewUrlQuerySchema, data: viewUrlResponseSchema },
    (request) => documents.vehicleViewUrl(app.ctx, { operatorId: opOf(request), ...request.query }),
  );

  docs.get(
    `${base}/operator/profile/document/upload-url`,
    { summary: "Signed upload URL for the operator's ID proof", query: profileUploadUrlQuerySchema, data: uploadUrlResponseSchema },
    async (request) => {
      const actor = actorOf(request);
      return await documents.profileUploadUrl(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, ...request.query });
    },
  );

  docs.post(
    `${base}/operator/profile/document`,
    {
      summary: 'Submit the uploaded ID proof for review (checked by content)',
      body: confirmProfileDocRequestSchema,
      data: profileDocumentsSchema,
      message: FLEET_MESSAGES.documentsSaved,
    },
    (request) => documents.confirmProfileDocument(app.ctx, { operatorId: opOf(request), ...request.body }),
  );

  view.get(
    `${base}/operator/profile/documents`,
    { summary: 'My profile documents (ID proof) and their review', data: profileDocumentsSchema },
    (request) => documents.profileDocuments(app.ctx, { operatorId: opOf(request) }),
  );

  view.get(
    `${base}/operator/document/view-url/:id`,
    { summary: 'Signed view URL of one of my documents', params: documentIdParamsSchema, data: viewUrlResponseSchema },
    (request) =>
      documents.documentViewUrl(app.ctx, {
        operatorId: opOf(request),
        documentId: request.params.id,
        mayManageDocuments: actorOf(request).permissions.has('DOCUMENTS_MANAGE'),
      }),
  );

  // admin review queue
  admin.get(
    '/api/admin/fleet/documents',
    {
      summary: 'Admin: vehicle and profile documents by review status (oldest pending first)',
      query: reviewQueueQuerySchema,
      data: z.array(reviewItemSchema),
    },
    (request) => documents.reviewQueue(app.ctx, request.query),
  );

  admin.post(
    '/api/admin/fleet/documents/:id/verify',
    { summary: 'Admin: verify a document', params: documentIdParamsSchema, data: documentSchema, message: FLEET_MESSAGES.documentVerified },
    (request) =>
      documents.reviewDocument(app.ctx, { documentId: request.params.id, adminId: actorOf(request).userId, decision: 'VERIFIED' }),
  );

  admin.post(
    '/api/admin/fleet/documents/:id/reject',
    {
      summary: 'Admin: reject a document with a reason',
      params: documentIdParamsSchema,
      body: rejectDocumentRequestSchema,
      data: documentSchema,
      message: FLEET_MESSAGES.documentRejected,
    },
    (request) =>
      documents.reviewDocument(app.ctx, {
        documentId: request.params.id,
        adminId: actorOf(request).userId,
        decision: 'REJECTED',
        reason: request.body.reason,
      }),
  );
};
