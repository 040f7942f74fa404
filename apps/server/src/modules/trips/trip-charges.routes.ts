import { okSchema } from '@bhada/contracts/common';
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
import { routeTable } from '../../lib/route-table.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as charges from './trip-charges.service.ts';

const tags = ['trips'];
const V2 = '/api/rest/tesseract/v2/trip';

/** Expenses, claims and the invoice of a trip (ADR 032). */
export const tripChargesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, manage, deps, mine } = tripAccess(app, opts.secret);

  const viewer = routeTable(app, { tags, guard: view });
  const manager = routeTable(app, { tags, guard: manage });

  // ---------- charges and invoice ----------

  viewer.get(
    `${V2}/:id/policy/expenses`,
    { summary: 'Expense policy', params: tripIdParamsSchema, query: policyExpensesQuerySchema, data: policyExpensesResponseSchema },
    async (request) => {
      await mine(request, { id: request.params.id });
      return charges.expensePolicy(request.query.type);
    },
  );

  manager.post(
    `${V2}/:id/charges`,
    {
      summary: 'Claim or change a charge',
      params: tripIdParamsSchema,
      body: chargeRequestSchema,
      data: chargeRefSchema,
      message: TRIPS_MESSAGES.chargeSubmitted,
    },
    async (request) => charges.claimCharge(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  manager.get(
    `${V2}/:id/invoice/upload-url`,
    {
      summary: 'Signed URL for the invoice file',
      params: tripIdParamsSchema,
      query: invoiceUploadUrlQuerySchema,
      data: uploadUrlResponseSchema,
    },
    async (request) =>
      charges.invoiceUploadUrl(deps(), actorOf(request), await mine(request, { id: request.params.id }), request.query.file),
  );

  manager.patch(
    `${V2}/:id/invoice`,
    {
      summary: 'Attach the uploaded invoice',
      params: tripIdParamsSchema,
      body: updateInvoiceRequestSchema,
      data: invoiceSchema.nullable(),
      message: TRIPS_MESSAGES.invoiceUpdated,
    },
    async (request) => charges.updateInvoice(deps(), await mine(request, { id: request.params.id }), request.body),
  );

  manager.delete(
    `${V2}/:id/invoice`,
    { summary: 'Remove the invoice', params: tripIdParamsSchema, data: okSchema, message: TRIPS_MESSAGES.invoiceDeleted },
    async (request) => charges.deleteInvoice(deps(), await mine(request, { id: request.params.id })),
  );

  viewer.get(
    `${V2}/:id/invoice/view-url`,
    { summary: 'Signed URL to view the invoice', params: tripIdParamsSchema, query: invoiceViewQuerySchema, data: viewUrlResponseSchema },
    async (request) => charges.invoiceViewUrl(deps(), await mine(request, { id: request.params.id }), request.query.filePath),
  );
};
