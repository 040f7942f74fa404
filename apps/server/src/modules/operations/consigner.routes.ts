import { envelopeSchema } from '@bhada/contracts/common';
import {
  consignerFiltersResponseSchema,
  consignerVehiclesQuerySchema,
  consignerVehiclesResponseSchema,
  demandDocumentsResponseSchema,
  OPERATIONS_MESSAGES,
  reportFileResponseSchema,
  reportQuerySchema,
  reportRequestSchema,
  reportRequestsResponseSchema,
} from '@bhada/contracts/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requireKind } from '../../plugins/auth.ts';
import * as reports from './consigner-reports.service.ts';
import * as views from './consigner-views.service.ts';
import { consignerOf } from './operations-access.ts';

const tags = ['consigner'];

/** The consigner's vehicles, reports and demand documents (spec §7 "Consigner vehicles", "Consigner payment"). */
export const consignerRoutes: FastifyPluginAsyncZod = async (app) => {
  const consigner = requireKind('CONSIGNER');

  app.get(
    '/api/vehicle/getConsignerVehicles',
    {
      preValidation: consigner,
      schema: {
        tags,
        summary: 'The vehicles on my trips, a page (default 10)',
        querystring: consignerVehiclesQuerySchema,
        response: { 200: envelopeSchema(consignerVehiclesResponseSchema) },
      },
    },
    async (request) => ok(await views.consignerVehicles(app.ctx, { actor: consignerOf(request), query: request.query })),
  );

  app.get(
    '/api/vehicle/getFilters',
    {
      preValidation: consigner,
      schema: { tags, summary: 'Filter choices for my vehicles', response: { 200: envelopeSchema(consignerFiltersResponseSchema) } },
    },
    async (request) => ok(await views.consignerFilters(app.ctx, { actor: consignerOf(request) })),
  );

  app.get(
    '/api/data/getVehicleByOperatorReport',
    {
      preValidation: consigner,
      schema: {
        tags,
        summary: 'Build the report as xlsx and mail it',
        querystring: reportQuerySchema,
        response: { 200: envelopeSchema(reportRequestSchema) },
      },
    },
    async (request) =>
      ok(await reports.mailReport(app.ctx, { actor: consignerOf(request), query: request.query }), OPERATIONS_MESSAGES.reportMailed),
  );

  app.get(
    '/api/consigner/reports',
    {
      preValidation: consigner,
      schema: { tags, summary: 'My report requests', response: { 200: envelopeSchema(reportRequestsResponseSchema) } },
    },
    async (request) => ok(await reports.reportRequests(app.ctx, { actor: consignerOf(request) })),
  );

  app.get(
    '/api/consigner/report/:requestId/file',
    {
      preValidation: consigner,
      schema: {
        tags,
        summary: 'A signed link to a built report of mine',
        params: z.object({ requestId: z.string().min(1).max(40) }),
        response: { 200: envelopeSchema(reportFileResponseSchema) },
      },
    },
    async (request) => ok(await reports.reportFile(app.ctx, { actor: consignerOf(request), requestId: request.params.requestId })),
  );

  app.get(
    '/api/consigner/report/download',
    {
      preValidation: consigner,
      schema: { tags, summary: 'Download a report as xlsx', querystring: reportQuerySchema.omit({ email: true }) },
    },
    async (request, reply) => {
      const report = await reports.downloadReport(app.ctx, { actor: consignerOf(request), query: request.query });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .send(report.body);
    },
  );

  app.get(
    '/api/consigner/demand/:code/document',
    {
      preValidation: consigner,
      schema: {
        tags,
        summary: "My demand's documents through signed view URLs",
        params: z.object({ code: z.string().min(1).max(60) }),
        response: { 200: envelopeSchema(demandDocumentsResponseSchema) },
      },
    },
    async (request) => ok(await views.demandDocuments(app.ctx, { actor: consignerOf(request), demandId: request.params.code })),
  );
};
