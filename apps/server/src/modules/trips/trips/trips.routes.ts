import { okSchema } from '@bhada/contracts/common';
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
} from '@bhada/contracts/trips/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, operatorIdOf } from '../../../plugins/auth.ts';
import { tripAccess, V1, V2 } from './trip-access.ts';
import * as charges from './trip-charges.service.ts';
import * as trips from './trips.service.ts';

/** Trip lists and details (marketplace §7) and the admin's trip calls; the other trip calls sit beside this file by role. */
export const tripsRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const { viewer, desk, deps, mine, byRef } = tripAccess(app, opts.secret);

  app.authorizeTopic('trip', async (actor, id) => {
    if (actor.kind === 'ADMIN') return true;
    if (!actor.operatorId) return false;
    return Boolean(await trips.tripOf(app.db, { id, operatorId: actor.operatorId }).catch(() => null));
  });

  // ---------- lists and details ----------

  viewer.get(V1, { summary: "The operator's trips", query: tripListQuerySchema, data: tripListResponseSchema }, (request) =>
    trips.listTrips(app.db, operatorIdOf(actorOf(request)), request.query, app.tenantReads),
  );

  viewer.get(
    `${V1}/trip-state-filter`,
    { summary: 'Trip filters (one selected)', query: tripFiltersQuerySchema, data: tripFiltersResponseSchema },
    (request) => trips.tripFilters(app.db, operatorIdOf(actorOf(request)), request.query.selected),
  );

  viewer.get(`${V1}/:id`, { summary: 'Trip details', params: tripIdParamsSchema, data: tripDetailSchema }, async (request) =>
    trips.detail(app.db, await mine(request, { id: request.params.id })),
  );

  viewer.get(`${V2}/:id`, { summary: 'Trip details v2', params: tripIdParamsSchema, data: tripDetailV2Schema }, async (request) =>
    trips.detailV2(app.db, await mine(request, { id: request.params.id })),
  );

  viewer.get(
    '/api/odin/operator-app/trip-detail',
    { summary: 'Trip by demand', query: demandIdQuerySchema, data: tripDetailV2Schema },
    async (request) => trips.detailV2(app.db, await mine(request, { demandId: request.query['demand-id'] })),
  );

  viewer.get(
    `${V2}/trip-state-detail`,
    { summary: 'Trip stages', query: tripIdQuerySchema, data: tripStateDetailSchema },
    async (request) => trips.stateDetail(app.db, await mine(request, { id: request.query.tripId })),
  );

  viewer.get(
    '/api/odin/operator-app/trip-transactions',
    { summary: 'Token, advance, balance, deductions', query: tripRefQuerySchema, data: tripTransactionsResponseSchema },
    async (request) => trips.transactions(app.db, await byRef(request, request.query)),
  );

  viewer.get(
    '/api/odin/operator-app/trip-expenses',
    { summary: 'Claimed charges and summary', query: tripRefQuerySchema, data: tripExpensesResponseSchema },
    async (request) => charges.expenses(app.db, await byRef(request, request.query)),
  );

  // ---------- admin ----------

  const anyTrip = (id: string) => trips.anyTripOf(app.db, { id });

  desk.get(
    '/api/admin/trips',
    { summary: 'Admin: trips by state', query: adminTripsQuerySchema, data: tripListResponseSchema },
    (request) => trips.adminList(app.db, request.query),
  );

  desk.get(
    '/api/admin/trips/:id',
    { summary: 'Admin: trip details', params: tripIdParamsSchema, data: tripDetailV2Schema },
    async (request) => trips.detailV2(app.db, await anyTrip(request.params.id)),
  );

  desk.post(
    '/api/admin/trips/:id/charges/:chargeId/decision',
    { summary: 'Admin: approve or reject a claim', params: chargeIdParamsSchema, body: chargeDecisionRequestSchema, data: chargeRefSchema },
    async (request) => charges.decideCharge(app.db, await anyTrip(request.params.id), request.params.chargeId, request.body),
  );

  desk.post(
    '/api/admin/trips/:id/complete',
    { summary: 'Admin: retry settlement of a verified trip', params: tripIdParamsSchema, data: okSchema },
    async (request) => {
      await trips.completeTrip(deps(), request.params.id);
      return { ok: true as const };
    },
  );
};
