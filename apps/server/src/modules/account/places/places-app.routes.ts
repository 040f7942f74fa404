import { envelopeSchema } from '@bhada/contracts/common';
import {
  appSearchQuerySchema,
  autocompleteQuerySchema,
  autocompleteResponseSchema,
  placeSearchResponseSchema,
  placeSelectionRequestSchema,
  savedPlaceIdParamsSchema,
  savedPlaceRequestSchema,
  savedPlaceSchema,
  savedPlacesResponseSchema,
} from '@bhada/contracts/account/places';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/reply.ts';
import { actorOf, operatorIdOf, requireAuth, requireKind } from '../../../plugins/auth.ts';
import { placeOwnerOf } from './places.service.ts';
import * as places from './places-app.service.ts';

const tags = ['places'];
const APP = '/api/odin/v2/map/app';
const op = (request: FastifyRequest) => ({ operatorId: operatorIdOf(actorOf(request)) });
/** saved places are kept by every kind of user, each in their own account (ADR 115) */
const owner = (request: FastifyRequest) => ({ owner: placeOwnerOf(actorOf(request)) });

/** Place search, saved places, selections and autocomplete (issue 13, ADR 112). */
export const placesAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorUser = requireKind('OPERATOR', 'SUBORDINATE');
  const ctx = () => app.ctx;

  app.get(
    `${APP}/search`,
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Search places by name or PIN code (my saved places first)',
        querystring: appSearchQuerySchema,
        response: { 200: envelopeSchema(placeSearchResponseSchema) },
      },
    },
    async (request) => ok(await places.appSearch(ctx(), { ...owner(request), ...request.query })),
  );

  app.get(
    `${APP}/autocomplete`,
    {
      preValidation: operatorUser,
      schema: {
        tags,
        summary: 'Suggestions for a place, one of my vehicles or a consigner I work with',
        querystring: autocompleteQuerySchema,
        response: { 200: envelopeSchema(autocompleteResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await places.autocomplete(ctx(), {
          ...op(request),
          type: request.query.type,
          text: request.query.searchText ?? request.query.text ?? '',
          expanded: request.query.exp,
        }),
      ),
  );

  app.post(
    `${APP}/selection`,
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Record which place a search led to',
        body: placeSelectionRequestSchema,
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await places.recordSelection(ctx(), { operatorId: actor.operatorId, userId: actor.userId, selection: request.body }));
    },
  );

  app.get(
    `${APP}/saved-places`,
    {
      preValidation: requireAuth,
      schema: { tags, summary: 'My saved places', response: { 200: envelopeSchema(savedPlacesResponseSchema) } },
    },
    async (request) => ok(await places.listSavedPlaces(app.db, owner(request))),
  );

  app.post(
    `${APP}/saved-places`,
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Save a place under a name',
        body: savedPlaceRequestSchema,
        response: { 200: envelopeSchema(savedPlaceSchema) },
      },
    },
    async (request) =>
      ok(await places.savePlace(ctx(), { ...owner(request), userId: actorOf(request).userId, place: request.body }), 'Place saved'),
  );

  app.delete(
    `${APP}/saved-places/:id`,
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Remove a saved place',
        params: savedPlaceIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ deleted: z.boolean() })) },
      },
    },
    async (request) => ok(await places.deleteSavedPlace(ctx(), { ...owner(request), id: request.params.id }), 'Place removed'),
  );
};
