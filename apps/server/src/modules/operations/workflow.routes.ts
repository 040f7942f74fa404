import { envelopeSchema } from '@bhada/contracts/common';
import {
  actionWindowSchema,
  cCodeQuerySchema,
  collectionEnumsResponseSchema,
  collectionQuerySchema,
  collectionsResponseSchema,
  consigneeSchema,
  consignmentSchema,
  createCollectionRequestSchema,
  deleteInvoiceQuerySchema,
  docketResponseSchema,
  driverUpdateConsignmentRequestSchema,
  invoiceUploadUrlRequestSchema,
  invoiceUploadUrlResponseSchema,
  OPERATIONS_MESSAGES,
  saveDocketRequestSchema,
} from '@bhada/contracts/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requireKind } from '../../plugins/auth.ts';
import * as collections from './collections.service.ts';
import * as consignments from './consignments.service.ts';
import * as dockets from './dockets.service.ts';
import { idempotencyKeyOf, staffOf } from './operations-access.ts';

const tags = ['operations'];
const deleted = (key: string) => z.object({ [key]: z.string(), deleted: z.literal(true) });

/** The workflow desk (spec §7 "Trucking docket and scheduling"): docket, collection, consignee, delivery. */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireKind('ADMIN');

  app.get(
    '/api/consignment/getDocket',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'The docket, its invoices and e-way bill',
        querystring: cCodeQuerySchema,
        response: { 200: envelopeSchema(docketResponseSchema) },
      },
    },
    async (request) => ok(await dockets.getDocket(app.ctx, request.query)),
  );

  app.post(
    '/api/consignment/saveDocket',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Save the docket and its invoices (inside the action window)',
        body: saveDocketRequestSchema,
        response: { 200: envelopeSchema(docketResponseSchema) },
      },
    },
    async (request) =>
      ok(await dockets.saveDocket(app.ctx, { staff: staffOf(request), input: request.body }), OPERATIONS_MESSAGES.docketUpdated),
  );

  app.delete(
    '/api/consignment/deleteDocket',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Delete the docket and its invoices',
        querystring: cCodeQuerySchema,
        response: { 200: envelopeSchema(deleted('cCode')) },
      },
    },
    async (request) =>
      ok(await dockets.deleteDocket(app.ctx, { staff: staffOf(request), cCode: request.query.cCode }), OPERATIONS_MESSAGES.docketDeleted),
  );

  app.delete(
    '/api/consignment/deleteInvoice',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Delete one goods invoice',
        querystring: deleteInvoiceQuerySchema,
        response: { 200: envelopeSchema(deleted('invoiceId')) },
      },
    },
    async (request) =>
      ok(
        await dockets.deleteInvoice(app.ctx, { staff: staffOf(request), invoiceId: request.query.invoiceId }),
        OPERATIONS_MESSAGES.invoiceDeleted,
      ),
  );

  app.post(
    '/api/consignment/invoice/upload-url',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'A signed upload URL for an invoice photo or PDF',
        body: invoiceUploadUrlRequestSchema,
        response: { 200: envelopeSchema(invoiceUploadUrlResponseSchema) },
      },
    },
    async (request) => ok(await dockets.invoiceUploadUrl(app.ctx, request.body)),
  );

  app.get(
    '/api/consignment/docket-pdf',
    { preValidation: staff, schema: { tags, summary: 'The printable docket (lorry receipt) as PDF', querystring: cCodeQuerySchema } },
    async (request, reply) => {
      const pdf = await dockets.docketPdf(app.ctx, request.query);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${pdf.fileName}"`).send(pdf.body);
    },
  );

  app.get(
    '/api/consignment/validateActionTime',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Whether docket and delivery changes are still allowed (ADR 131)',
        querystring: cCodeQuerySchema,
        response: { 200: envelopeSchema(actionWindowSchema) },
      },
    },
    async (request) => ok(await consignments.validateActionTime(app.ctx, request.query)),
  );

  app.get(
    '/api/trips/collection/enums',
    {
      preValidation: staff,
      schema: { tags, summary: 'Collection types, modes and statuses', response: { 200: envelopeSchema(collectionEnumsResponseSchema) } },
    },
    async () => ok(collections.collectionEnums()),
  );

  app.get(
    '/api/trips/collection',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: "A consignment's collections and the balance to collect",
        querystring: collectionQuerySchema,
        response: { 200: envelopeSchema(collectionsResponseSchema) },
      },
    },
    async (request) => ok(await collections.listCollections(app.ctx, request.query)),
  );

  app.post(
    '/api/trips/collection',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Record a collection or settle a pending one (idempotency-key header; money posts through the ledger)',
        body: createCollectionRequestSchema,
        response: { 200: envelopeSchema(collectionsResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await collections.recordCollection(app.ctx, { staff: staffOf(request), input: request.body, key: idempotencyKeyOf(request) }),
        OPERATIONS_MESSAGES.collectionUpdated,
      ),
  );

  app.get(
    '/api/consignee/findConsigneeForConsignment',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: "The consignment's consignee",
        querystring: cCodeQuerySchema,
        response: { 200: envelopeSchema(consigneeSchema) },
      },
    },
    async (request) => ok(await consignments.findConsigneeForConsignment(app.ctx, request.query)),
  );

  app.post(
    '/api/driver/updateConsignment',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Record reached or unloaded with time and remarks',
        body: driverUpdateConsignmentRequestSchema,
        response: { 200: envelopeSchema(consignmentSchema) },
      },
    },
    async (request) =>
      ok(
        await consignments.driverUpdateConsignment(app.ctx, { staff: staffOf(request), input: request.body }),
        OPERATIONS_MESSAGES.deliveryUpdated,
      ),
  );
};
