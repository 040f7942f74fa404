import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { routeTable } from '../../lib/route-table.ts';
import { actorOf, requireKind } from '../../plugins/auth.ts';
import type { ConsignerActor } from './consigner-views.service.ts';
import type { Staff } from './consignments.service.ts';

/** The operations desk's routes: the admin kind only (ADR 130, ADR 082). */
export const deskRoutes = (app: FastifyInstance) => routeTable(app, { tags: ['operations'], guard: requireKind('ADMIN') });

/** The consigner's own routes (ADR 082). */
export const consignerRoutesOf = (app: FastifyInstance) => routeTable(app, { tags: ['consigner'], guard: requireKind('CONSIGNER') });

/** The desk's staff member (guards have already required the admin kind). */
export function staffOf(request: FastifyRequest): Staff {
  const actor = actorOf(request);
  return { userId: actor.userId, name: actor.name };
}

/** The consigner a consigner user acts for; anyone else is refused. */
export function consignerOf(request: FastifyRequest): ConsignerActor {
  const actor = actorOf(request);
  if (actor.kind !== 'CONSIGNER' || !actor.consignerCode) throw new AppError('FORBIDDEN', 'This is for consigners only');
  return { consignerCode: actor.consignerCode, userId: actor.userId };
}

export function idempotencyKeyOf(request: FastifyRequest) {
  const v = request.headers['idempotency-key'];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;
}
