import { okSchema } from '@bhada/contracts/common';
import * as api from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/auth.ts';
import { tripAccess, V2 } from './trip-access.ts';
import * as charges from './trip-charges.service.ts';

/** Expenses, claims and the invoice of a trip (ADR 032). */
export const tripChargesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { viewer, manager, deps, mine } = tripAccess(app, opts.secret);

  viewer.get(
    `${V2}/:id/policy/expenses`,
    {
      summary: 'Expense policy',
      params: api.tripIdParamsSchema,
      query: api.policyExpensesQuerySchema,
      data: api.policyExpensesResponseSchema,
    },
    async (request) => {
      await mine(request, { id: request.params.id });
      return charges.expensePolicy(request.query.type);
    },
  );

  manager.post(
    `${V2}/:id/charges`,
    {
      summary: 'Claim or change a charge',
      params: api.tripIdParamsSchema,
      body: api.chargeRequestSchema,
      data: api.chargeRefSchema,
      message: api.TRIPS_MESSAGES.chargeSubmitted,
    },
    async (request) => charges.claimCharge(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  manager.get(
    `${V2}/:id/invoice/upload-url`,
    {
      summary: 'Signed URL for the invoice file',
      params: api.tripIdParamsSchema,
      query: api.invoiceUploadUrlQuerySchema,
      data: api.uploadUrlResponseSchema,
    },
    async (request) =>
      charges.invoiceUploadUrl(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.query.file),
  );

  manager.patch(
    `${V2}/:id/invoice`,
    {
      summary: 'Attach the uploaded invoice',
      params: api.tripIdParamsSchema,
      body: api.updateInvoiceRequestSchema,
      data: api.invoiceSchema.nullable(),
      message: api.TRIPS_MESSAGES.invoiceUpdated,
    },
    async (request) => charges.updateInvoice(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  manager.delete(
    `${V2}/:id/invoice`,
    { summary: 'Remove the invoice', params: api.tripIdParamsSchema, data: okSchema, message: api.TRIPS_MESSAGES.invoiceDeleted },
    async (request) => charges.deleteInvoice(deps(), await mine(request, { id: request.params.id })),
  );

  viewer.get(
    `${V2}/:id/invoice/view-url`,
    {
      summary: 'Signed URL to view the invoice',
      params: api.tripIdParamsSchema,
      query: api.invoiceViewQuerySchema,
      data: api.viewUrlResponseSchema,
    },
    async (request) => charges.invoiceViewUrl(deps(), await mine(request, { id: request.params.id }), request.query.filePath),
  );
};
