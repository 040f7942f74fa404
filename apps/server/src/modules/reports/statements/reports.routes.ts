import { envelopeSchema } from '@bhada/contracts/common';
import { downloadTokenRequestSchema, downloadTokenResponseSchema } from '@bhada/contracts/money/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import * as reports from './reports.service.ts';

/** Links to statements (wallet, Fastag), each checked before it is issued. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports/download-token',
    {
      preValidation: requirePermission('REPORTS_DOWNLOAD'),
      schema: {
        tags: ['reports'],
        summary: 'A short-lived link to a statement, for opening in a new tab',
        body: downloadTokenRequestSchema,
        response: { 200: envelopeSchema(downloadTokenResponseSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { report, params } = request.body;
      return ok(
        await reports.issueDownloadLink(app.ctx, {
          actor,
          operatorId: operatorIdOf(actor),
          report,
          params,
          localeHeader: request.headers.locale,
        }),
      );
    },
  );
};
