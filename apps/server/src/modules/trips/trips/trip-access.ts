import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../../plugins/auth.ts';
import { type TripDeps, tripOf } from './trips.service.ts';

export const V1 = '/api/rest/tesseract/v1/trip';
export const V2 = '/api/rest/tesseract/v2/trip';

/**
 * What every trip route file shares: the route tables of the trip viewer, the trip manager and the admin
 * desk (ADR 082), and the trip lookups: the caller's own trip, or 404.
 */
export function tripAccess(app: FastifyInstance, secret: string) {
  const deps = (): TripDeps => ({
    db: app.db,
    storage: app.storage,
    notifier: app.notifier,
    events: app.events,
    config: app.ctx.config,
    log: app.log,
    secret,
  });
  /** the caller's trip, or 404 for a trip of anyone else */
  const mine = (request: FastifyRequest, ref: { id?: string; demandId?: string }) =>
    tripOf(app.db, { ...ref, operatorId: operatorIdOf(actorOf(request)) });
  const byRef = (request: FastifyRequest, q: { 'demand-id'?: string; tripId?: string }) =>
    mine(request, { id: q.tripId, demandId: q.tripId ? undefined : q['demand-id'] });
  const tags = ['trips'];
  return {
    viewer: routeTable(app, { tags, guard: requirePermission('TRIPS_VIEW') }),
    manager: routeTable(app, { tags, guard: requirePermission('TRIPS_MANAGE') }),
    // cancelling a trip refunds its token: the same permission as the token cancel (ADR 231)
    canceller: routeTable(app, { tags, guard: requirePermission('TRIPS_MANAGE', 'TOKENS_CANCEL') }),
    desk: routeTable(app, { tags, guard: requireKind('ADMIN') }),
    deps,
    mine,
    byRef,
  };
}
