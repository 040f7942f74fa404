import { envelopeSchema } from '@bhada/contracts/common';
import { bannerQuerySchema, bannersResponseSchema } from '@bhada/contracts/support/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { requireAuth } from '../../../plugins/auth.ts';
import { bannersFor } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/banner',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['content'],
        summary: 'Banners for a page',
        querystring: bannerQuerySchema,
        response: { 200: envelopeSchema(bannersResponseSchema) },
      },
    },
    async (request) => ok(bannersFor(request.query.displayPage)),
  );
};
