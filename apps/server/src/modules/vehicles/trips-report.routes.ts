import { tripsReportQuerySchema } from '@bhada/contracts/fleet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, operatorIdOf, requirePermission } from '../../plugins/auth.ts';
import * as report from './trips-report.service.ts';

/**
 * The trips report (issue 12 point 6, ADR 102): the file is built whole, then sent with its length, so
 * the page shows real download progress from Content-Length.
 */
export const tripsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fleet/reports/trips',
    {
      preValidation: requirePermission('REPORTS_DOWNLOAD'),
      schema: {
        tags: ['fleet'],
        summary: 'Trips report (freight, tolls, expenses per trip; maintenance as its own rows) as xlsx or pdf',
        querystring: tripsReportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await report.tripsReport(app.ctx, { operatorId: operatorIdOf(actorOf(request)), ...request.query });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.body.length)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
