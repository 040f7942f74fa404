import { envelopeSchema } from '@bhada/contracts/common';
import { placeSearchQuerySchema, placeSearchResponseSchema } from '@bhada/contracts/account/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, requireAuth } from '../../../plugins/auth.ts';
import { placeOwnerOf, searchPlaces } from './places.service.ts';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §7: "unloading point search with searchText and addressTypes" (full path not shown)
  app.get(
    '/api/odin/v2/map/unloading-point/search',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['places'],
        summary: 'Search loading/unloading points and cities',
        querystring: placeSearchQuerySchema,
        response: { 200: envelopeSchema(placeSearchResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await searchPlaces(app.ctx, {
          owner: placeOwnerOf(actorOf(request)),
          text: request.query.searchText,
          addressTypes: request.query.addressTypes,
          limit: request.query.limit,
        }),
      ),
  );
};
