import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, operatorIdOf, requireKind, requirePermission } from '../../plugins/auth.ts';
import { type TripDeps, tripOf } from './trips.service.ts';

/** The guards and trip lookups every trip route file shares: the caller's own trip, or 404. */
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
  return {
    view: requirePermission('TRIPS_VIEW'),
    manage: requirePermission('TRIPS_MANAGE'),
    admin: requireKind('ADMIN'),
    deps,
    mine,
    byRef,
  };
}
