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
} from '@bhada/contracts/operations/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf } from '../../../plugins/auth.ts';
import * as collections from './collections.service.ts';
import * as consignments from './consignments.service.ts';
import * as dockets from './dockets.service.ts';
import { deskRoutes, idempotencyKeyOf, staffOf } from './operations-access.ts';

const deleted = (key: string) => z.object({ [key]: z.string(), deleted: z.literal(true) });

/** The workflow desk (spec §7 "Trucking docket and scheduling"): docket, collection, consignee, delivery. */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = deskRoutes(app);

  staff.read(
    '/api/consignment/getDocket',
    { summary: 'The docket, its invoices and e-way bill', query: cCodeQuerySchema, data: docketResponseSchema },
    dockets.getDocket,
  );

  staff.edit(
    '/api/consignment/saveDocket',
    {
      summary: 'Save the docket and its invoices (inside the action window)',
      body: saveDocketRequestSchema,
      data: docketResponseSchema,
      message: OPERATIONS_MESSAGES.docketUpdated,
    },
    dockets.saveDocket,
  );

  staff.delete(
    '/api/consignment/deleteDocket',
    {
      summary: 'Delete the docket and its invoices',
      query: cCodeQuerySchema,
      data: deleted('cCode'),
      message: OPERATIONS_MESSAGES.docketDeleted,
    },
    (request) => dockets.deleteDocket(app.ctx, { staff: staffOf(request), cCode: request.query.cCode }),
  );

  staff.delete(
    '/api/consignment/deleteInvoice',
    {
      summary: 'Delete one goods invoice',
      query: deleteInvoiceQuerySchema,
      data: deleted('invoiceId'),
      message: OPERATIONS_MESSAGES.invoiceDeleted,
    },
    (request) => dockets.deleteInvoice(app.ctx, { staff: staffOf(request), invoiceId: request.query.invoiceId }),
  );

  staff.post(
    '/api/consignment/invoice/upload-url',
    {
      summary: 'A signed upload URL for an invoice photo or PDF',
      body: invoiceUploadUrlRequestSchema,
      data: invoiceUploadUrlResponseSchema,
    },
    (request) => dockets.invoiceUploadUrl(app.ctx, request.body),
  );

  app.get(
    '/api/consignment/docket-pdf',
    {
      preValidation: staff.guard,
      schema: { tags: staff.tags, summary: 'The printable docket (lorry receipt) as PDF', querystring: cCodeQuerySchema },
    },
    async (request, reply) => {
      const pdf = await dockets.docketPdf(app.ctx, request.query, textLocale(request.headers.locale, actorOf(request).locale));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${pdf.fileName}"`).send(pdf.body);
    },
  );

  staff.read(
    '/api/consignment/validateActionTime',
    { summary: 'Whether docket and delivery changes are still allowed (ADR 131)', query: cCodeQuerySchema, data: actionWindowSchema },
    consignments.validateActionTime,
  );

  staff.get('/api/trips/collection/enums', { summary: 'Collection types, modes and statuses', data: collectionEnumsResponseSchema }, () =>
    collections.collectionEnums(),
  );

  staff.read(
    '/api/trips/collection',
    { summary: "A consignment's collections and the balance to collect", query: collectionQuerySchema, data: collectionsResponseSchema },
    collections.listCollections,
  );

  staff.post(
    '/api/trips/collection',
    {
      summary: 'Record a collection or settle a pending one (idempotency-key header; money posts through the ledger)',
      body: createCollectionRequestSchema,
      data: collectionsResponseSchema,
      message: OPERATIONS_MESSAGES.collectionUpdated,
    },
    (request) => collections.recordCollection(app.ctx, { staff: staffOf(request), input: request.body, key: idempotencyKeyOf(request) }),
  );

  staff.read(
    '/api/consignee/findConsigneeForConsignment',
    { summary: "The consignment's consignee", query: cCodeQuerySchema, data: consigneeSchema },
    consignments.findConsigneeForConsignment,
  );

  staff.edit(
    '/api/driver/updateConsignment',
    {
      summary: 'Record reached or unloaded with time and remarks',
      body: driverUpdateConsignmentRequestSchema,
      data: consignmentSchema,
      message: OPERATIONS_MESSAGES.deliveryUpdated,
    },
    consignments.driverUpdateConsignment,
  );
};
