import { envelopeSchema, okSchema } from '@bhada/contracts/common';
import {
  adminTripsQuerySchema,
  chargeDecisionRequestSchema,
  chargeIdParamsSchema,
  chargeRefSchema,
  demandIdQuerySchema,
  tripDetailSchema,
  tripDetailV2Schema,
  tripExpensesResponseSchema,
  tripFiltersQuerySchema,
  tripFiltersResponseSchema,
  tripIdParamsSchema,
  tripIdQuerySchema,
  tripListQuerySchema,
  tripListResponseSchema,
  tripRefQuerySchema,
  tripStateDetailSchema,
  tripTransactionsResponseSchema,
} from '@bhada/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf } from '../../plugins/auth.ts';
import { tripAccess } from './trip-access.ts';
import * as charges from './trip-charges.service.ts';
import * as trips from './trips.service.ts';

const tags = ['trips'];
const V1 = '/api/rest/tesseract/v1/trip';
const V2 = '/api/rest/tesseract/v2/trip';

/** Trip lists and details (marketplace §7) and the admin's trip calls; the other trip calls sit beside this file by role. */
export const tripsRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { view, admin, deps, mine, byRef } = tripAccess(app, opts.secret);

  app.authorizeTopic('trip', async (actor, id) => {
    if (actor.kind === 'ADMIN') return true;
    if (!actor.operatorId) return false;
    return Boolean(await trips.tripOf(app.db, { id, operatorId: actor.operatorId }).catch(() => null));
  });

  // ---------- lists and details ----------

  app.get(
    V1,
    {
      preValidation: view,
      schema: {
        tags,
        summary: "The operator's trips",
        querystring: tripListQuerySchema,
        response: { 200: envelopeSchema(tripListResponseSchema) },
      },
    },
    async (request) => ok(await trips.listTrips(app.db, operatorIdOf(actorOf(request)), request.query)),
  );

  app.get(
    `${V1}/trip-state-filter`,
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Trip filters (one selected)',
        querystring: tripFiltersQuerySchema,
        response: { 200: envelopeSchema(tripFiltersResponseSchema) },
      },
    },
    async (request) => ok(await trips.tripFilters(app.db, operatorIdOf(actorOf(request)), request.query.selected)),
  );

  app.get(
    `${V1}/:id`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip details', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailSchema) } },
    },
    async (request) => ok(await trips.detail(app.db, await mine(request, { id: request.params.id }))),
  );

  app.get(
    `${V2}/:id`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip details v2', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await mine(request, { id: request.params.id }))),
  );

  app.get(
    '/api/odin/operator-app/trip-detail',
    {
      preValidation: view,
      schema: { tags, summary: 'Trip by demand', querystring: demandIdQuerySchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await mine(request, { demandId: request.query['demand-id'] }))),
  );

  app.get(
    `${V2}/trip-state-detail`,
    {
      preValidation: view,
      schema: { tags, summary: 'Trip stages', querystring: tripIdQuerySchema, response: { 200: envelopeSchema(tripStateDetailSchema) } },
    },
    async (request) => ok(await trips.stateDetail(app.db, await mine(request, { id: request.query.tripId }))),
  );

  app.get(
    '/api/odin/operator-app/trip-transactions',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Token, advance, balance, deductions',
        querystring: tripRefQuerySchema,
        response: { 200: envelopeSchema(tripTransactionsResponseSchema) },
      },
    },
    async (request) => ok(await trips.transactions(app.db, await byRef(request, request.query))),
  );

  app.get(
    '/api/odin/operator-app/trip-expenses',
    {
      preValidation: view,
      schema: {
        tags,
        summary: 'Claimed charges and summary',
        querystring: tripRefQuerySchema,
        response: { 200: envelopeSchema(tripExpensesResponseSchema) },
      },
    },
    async (request) => ok(await charges.expenses(app.db, await byRef(request, request.query))),
  );

  // ---------- admin ----------

  const anyTrip = (id: string) => trips.anyTripOf(app.db, { id });

  app.get(
    '/api/admin/trips',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: trips by state',
        querystring: adminTripsQuerySchema,
        response: { 200: envelopeSchema(tripListResponseSchema) },
      },
    },
    async (request) => ok(await trips.adminList(app.db, request.query)),
  );

  app.get(
    '/api/admin/trips/:id',
    {
      preValidation: admin,
      schema: { tags, summary: 'Admin: trip details', params: tripIdParamsSchema, response: { 200: envelopeSchema(tripDetailV2Schema) } },
    },
    async (request) => ok(await trips.detailV2(app.db, await anyTrip(request.params.id))),
  );

  app.post(
    '/api/admin/trips/:id/charges/:chargeId/decision',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: approve or reject a claim',
        params: chargeIdParamsSchema,
        body: chargeDecisionRequestSchema,
        response: { 200: envelopeSchema(chargeRefSchema) },
      },
    },
    async (request) => ok(await charges.decideCharge(app.db, await anyTrip(request.params.id), request.params.chargeId, request.body)),
  );

  app.post(
    '/api/admin/trips/:id/complete',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Admin: retry settlement of a verified trip',
        params: tripIdParamsSchema,
        response: { 200: envelopeSchema(okSchema) },
      },
    },
    async (request) => {
      await trips.completeTrip(deps(), request.params.id);
      return ok({ ok: true as const });
    },
  );
};
