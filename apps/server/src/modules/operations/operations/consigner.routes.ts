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
} from '@bhada/contracts/operations/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textLocale } from '../../../lib/user-text.ts';
import { actorOf } from '../../../plugins/auth.ts';
import * as reports from './consigner-reports.service.ts';
import * as views from './consigner-views.service.ts';
import { consignerOf, consignerRoutesOf } from './operations-access.ts';

/** The consigner's vehicles, reports and demand documents (spec §7 "Consigner vehicles", "Consigner payment"). */
export const consignerRoutes: FastifyPluginAsyncZod = async (app) => {
  const consigner = consignerRoutesOf(app);

  consigner.get(
    '/api/vehicle/getConsignerVehicles',
    {
      summary: 'The vehicles on my trips, a page (default 10)',
      query: consignerVehiclesQuerySchema,
      data: consignerVehiclesResponseSchema,
    },
    (request) => views.consignerVehicles(app.ctx, { actor: consignerOf(request), query: request.query }),
  );

  consigner.get('/api/vehicle/getFilters', { summary: 'Filter choices for my vehicles', data: consignerFiltersResponseSchema }, (request) =>
    views.consignerFilters(app.ctx, { actor: consignerOf(request) }),
  );

  consigner.get(
    '/api/data/getVehicleByOperatorReport',
    {
      summary: 'Build the report as xlsx and mail it',
      query: reportQuerySchema,
      data: reportRequestSchema,
      message: OPERATIONS_MESSAGES.reportMailed,
    },
    (request) => reports.mailReport(app.ctx, { actor: consignerOf(request), query: request.query }),
  );

  consigner.get('/api/consigner/reports', { summary: 'My report requests', data: reportRequestsResponseSchema }, (request) =>
    reports.reportRequests(app.ctx, { actor: consignerOf(request) }),
  );

  consigner.get(
    '/api/consigner/report/:requestId/file',
    {
      summary: 'A signed link to a built report of mine',
      params: z.object({ requestId: z.string().min(1).max(40) }),
      data: reportFileResponseSchema,
    },
    (request) => reports.reportFile(app.ctx, { actor: consignerOf(request), requestId: request.params.requestId }),
  );

  app.get(
    '/api/consigner/report/download',
    {
      preValidation: consigner.guard,
      schema: { tags: consigner.tags, summary: 'Download a report as xlsx', querystring: reportQuerySchema.omit({ email: true }) },
    },
    async (request, reply) => {
      const lang = textLocale(request.headers.locale, actorOf(request).locale);
      const report = await reports.downloadReport(app.ctx, { actor: consignerOf(request), query: request.query, lang });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .send(report.body);
    },
  );

  consigner.get(
    '/api/consigner/demand/:code/document',
    {
      summary: "My demand's documents through signed view URLs",
      params: z.object({ code: z.string().min(1).max(60) }),
      data: demandDocumentsResponseSchema,
    },
    (request) => views.demandDocuments(app.ctx, { actor: consignerOf(request), demandId: request.params.code }),
  );
};
