import { envelopeSchema } from '@bhada/contracts/common';
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
} from '@bhada/contracts/fleet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requireAuth, requireKind, requirePermission } from '../../plugins/auth.ts';
import * as documents from './documents.service.ts';
import * as vehicles from './vehicles.service.ts';

const tags = ['vehicles'];
const base = '/api/rest/tesseract/v1';

/** spec: "vehicle data by query (locale header, default en)" — every vehicle answer reads the same header. */
const localeOf = (request: FastifyRequest) => localeSchema.parse(request.headers.locale);
const opOf = (request: FastifyRequest) => operatorIdOf(actorOf(request));

/** Vehicles and their KYC documents (issue 12, ADR 100). */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = requirePermission('VEHICLES_VIEW');
  const manage = requirePermission('VEHICLES_MANAGE');
  const docs = requirePermission('DOCUMENTS_MANAGE');
  const admin = requireKind('ADMIN');

  app.get(
    `${base}/operator/vehicles`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'My vehicles with their documents (locale header en or hi)',
        querystring: vehicleListQuerySchema,
        response: { 200: envelopeSchema(vehicleListResponseSchema) },
      },
    },
    async (request) => ok(await vehicles.listVehicles(app.ctx, { operatorId: opOf(request), locale: localeOf(request), ...request.query })),
  );

  app.post(
    `${base}/operator/vehicles`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Add a vehicle (registration number checked and normalised; a registered number is refused)',
        body: addVehicleRequestSchema,
        response: { 200: envelopeSchema(vehicleListingSchema) },
      },
    },
    async (request) =>
      ok(
        await vehicles.addVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), vehicle: request.body }),
        FLEET_MESSAGES.vehicleAdded,
      ),
  );

  app.patch(
    `${base}/operator/vehicles`,
    {
      preValidation: docs,
      schema: {
        tags,
        summary: "Attach uploaded files as the vehicle's documents (checked by content, then reviewed)",
        body: patchVehicleDocsRequestSchema,
        response: { 200: envelopeSchema(vehicleListingSchema) },
      },
    },
    async (request) => {
      const operatorId = opOf(request);
      await documents.attachVehicleDocuments(app.ctx, { operatorId, ...request.body });
      return ok(
        await vehicles.getVehicle(app.ctx, { operatorId, locale: localeOf(request), vehicleId: request.body.vehicleId }),
        FLEET_MESSAGES.documentsSaved,
      );
    },
  );

  app.put(
    `${base}/operator/update-vehicle`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "Change a vehicle's listing fields",
        body: updateVehicleRequestSchema,
        response: { 200: envelopeSchema(vehicleListingSchema) },
      },
    },
    async (request) =>
      ok(
        await vehicles.updateVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), update: request.body }),
        FLEET_MESSAGES.vehicleUpdated,
      ),
  );

  app.get(
    `${base}/operator/vehicles/search`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Vehicle data by query: my vehicles whose number contains the text (locale header)',
        querystring: vehicleSearchQuerySchema,
        response: { 200: envelopeSchema(vehicleListResponseSchema) },
      },
    },
    async (request) =>
      ok(await vehicles.searchVehicles(app.ctx, { operatorId: opOf(request), locale: localeOf(request), query: request.query.query })),
  );

  app.get(
    `${base}/operator/vehicles/list`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'My vehicles for pickers (number, type, status, device)',
        response: { 200: envelopeSchema(z.array(compactVehicleSchema)) },
      },
    },
    async (request) => ok(await vehicles.listCompact(app.ctx, { operatorId: opOf(request) })),
  );

  app.get(
    `${base}/vehicle`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'One of my vehicles by vehicleId or registration number (locale header)',
        querystring: vehicleRefQuerySchema,
        response: { 200: envelopeSchema(vehicleListingSchema) },
      },
    },
    async (request) => ok(await vehicles.getVehicle(app.ctx, { operatorId: opOf(request), locale: localeOf(request), ...request.query })),
  );

  app.get(
    `${base}/vehicle/lookup/:kind`,
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Add-vehicle choices: tyre, size, tonnage or height',
        params: lookupParamsSchema,
        response: { 200: envelopeSchema(lookupResponseSchema) },
      },
    },
    async (request) => ok(await vehicles.lookups(app.ctx, { kind: request.params.kind })),
  );

  app.get(
    `${base}/operator/vehicle/document/upload-url`,
    {
      preValidation: docs,
      schema: {
        tags,
        summary: 'Signed upload URL for a vehicle document (RC front or back, declaration, certificates)',
        querystring: vehicleUploadUrlQuerySchema,
        response: { 200: envelopeSchema(uploadUrlResponseSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await documents.vehicleUploadUrl(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, ...request.query }));
    },
  );

  app.get(
    `${base}/operator/vehicle/document/view-url`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: "Signed view URL of a vehicle's document in force",
        querystring: vehicleViewUrlQuerySchema,
        response: { 200: envelopeSchema(viewUrlResponseSchema) },
      },
    },
    async (request) => ok(await documents.vehicleViewUrl(app.ctx, { operatorId: opOf(request), ...request.query })),
  );

  app.get(
    `${base}/operator/profile/document/upload-url`,
    {
      preValidation: docs,
      schema: {
        tags,
        summary: "Signed upload URL for the operator's ID proof",
        querystring: profileUploadUrlQuerySchema,
        response: { 200: envelopeSchema(uploadUrlResponseSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await documents.profileUploadUrl(app.ctx, { operatorId: operatorIdOf(actor), userId: actor.userId, ...request.query }));
    },
  );

  app.post(
    `${base}/operator/profile/document`,
    {
      preValidation: docs,
      schema: {
        tags,
        summary: 'Submit the uploaded ID proof for review (checked by content)',
        body: confirmProfileDocRequestSchema,
        response: { 200: envelopeSchema(profileDocumentsSchema) },
      },
    },
    async (request) =>
      ok(await documents.confirmProfileDocument(app.ctx, { operatorId: opOf(request), ...request.body }), FLEET_MESSAGES.documentsSaved),
  );

  app.get(
    `${base}/operator/profile/documents`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'My profile documents (ID proof) and their review',
        response: { 200: envelopeSchema(profileDocumentsSchema) },
      },
    },
    async (request) => ok(await documents.profileDocuments(app.ctx, { operatorId: opOf(request) })),
  );

  app.get(
    `${base}/operator/document/view-url/:id`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Signed view URL of one of my documents',
        params: documentIdParamsSchema,
        response: { 200: envelopeSchema(viewUrlResponseSchema) },
      },
    },
    async (request) => ok(await documents.documentViewUrl(app.ctx, { operatorId: opOf(request), documentId: request.params.id })),
  );

  // admin review queue
  app.get(
    '/api/admin/fleet/documents',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: vehicle and profile documents by review status (oldest pending first)',
        querystring: reviewQueueQuerySchema,
        response: { 200: envelopeSchema(z.array(reviewItemSchema)) },
      },
    },
    async (request) => ok(await documents.reviewQueue(app.ctx, request.query)),
  );

  app.post(
    '/api/admin/fleet/documents/:id/verify',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: verify a document',
        params: documentIdParamsSchema,
        response: { 200: envelopeSchema(documentSchema) },
      },
    },
    async (request) =>
      ok(
        await documents.reviewDocument(app.ctx, { documentId: request.params.id, adminId: actorOf(request).userId, decision: 'VERIFIED' }),
        FLEET_MESSAGES.documentVerified,
      ),
  );

  app.post(
    '/api/admin/fleet/documents/:id/reject',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: reject a document with a reason',
        params: documentIdParamsSchema,
        body: rejectDocumentRequestSchema,
        response: { 200: envelopeSchema(documentSchema) },
      },
    },
    async (request) =>
      ok(
        await documents.reviewDocument(app.ctx, {
          documentId: request.params.id,
          adminId: actorOf(request).userId,
          decision: 'REJECTED',
          reason: request.body.reason,
        }),
        FLEET_MESSAGES.documentRejected,
      ),
  );
};
