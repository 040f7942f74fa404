import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  chargeRefSchema,
  chargeRequestSchema,
  invoiceSchema,
  invoiceUploadUrlQuerySchema,
  invoiceViewQuerySchema,
  policyExpensesQuerySchema,
  policyExpensesResponseSchema,
  TRIPS_MESSAGES,
  tripIdParamsSchema,
  updateInvoiceRequestSchema,
  uploadUrlResponseSchema,
  viewUrlResponseSchema,
} from '@bhada/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as charges from './trip-charges.service.ts';

const tags = ['trips'];
const V2 = '/api/rest/tesseract/v2/trip';

/** Expenses, claims and the invoice of a trip (ADR 032). */
export const tripChargesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  // ---------- charges and invoice ----------

  app.get(
    `${V2}/:id/policy/expenses`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Expense policy',
        params: tripIdParamsSchema,
        querystring: policyExpensesQuerySchema,
        response: { 200: envelopeSchema(policyExpensesResponseSchema) },
      },
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return ok(charges.expensePolicy(request.query.type));
    },
  );

  app.post(
    `${V2}/:id/charges`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Claim or change a charge',
        params: tripIdParamsSchema,
        body: chargeRequestSchema,
        response: { 200: envelopeSchema(chargeRefSchema) },
      },
    },
    async (request) =>
      ok(await charges.claimCharge(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.chargeSubmitted),
  );

  app.get(
    `${V2}/:id/invoice/upload-url`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Signed URL for the invoice file',
        params: tripIdParamsSchema,
        querystring: invoiceUploadUrlQuerySchema,
        response: { 200: envelopeSchema(uploadUrlResponseSchema) },
      },
    },
    async (request) =>
      ok(await charges.invoiceUploadUrl(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.query.file)),
  );

  app.patch(
    `${V2}/:id/invoice`,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Attach the uploaded invoice',
        params: tripIdParamsSchema,
        body: updateInvoiceRequestSchema,
        response: { 200: envelopeSchema(invoiceSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await charges.updateInvoice(deps(), await mine(request, { id: request.params.id }), request.body), TRIPS_MESSAGES.invoiceUpdated),
  );

  app.delete(
    `${V2}/:id/invoice`,
    {
      preValidation: manage,
      schema: { tags, summary: 'Remove the invoice', params: tripIdParamsSchema, response: { 200: envelopeSchema(okSchema) } },
    },
    async (request) =>
      ok(await charges.deleteInvoice(deps(), await mine(request, { id: request.params.id })), TRIPS_MESSAGES.invoiceDeleted),
  );

  app.get(
    `${V2}/:id/invoice/view-url`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Signed URL to view the invoice',
        params: tripIdParamsSchema,
        querystring: invoiceViewQuerySchema,
        response: { 200: envelopeSchema(viewUrlResponseSchema) },
      },
    },
    async (request) => ok(await charges.invoiceViewUrl(deps(), await mine(request, { id: request.params.id }), request.query.filePath)),
  );
};
