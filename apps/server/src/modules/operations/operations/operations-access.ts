import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { type Parsed, type RouteContract, routeTable, type Sent } from '../../../lib/route-table.ts';
import { actorOf, requireKind } from '../../../plugins/auth.ts';
import type { ConsignerActor } from './consigner-views.service.ts';
import type { Staff } from './consignments.service.ts';

type Answer<D> = Sent<D> | Promise<Sent<D>>;

/**
 * The operations desk's routes: the admin kind only (ADR 130, ADR 082). Besides the table's own
 * declarations, the desk's two usual calls: a lookup answered from the query, and an edit that the
 * service records under the staff member who made it.
 */
export function deskRoutes(app: FastifyInstance) {
  const table = routeTable(app, { tags: ['operations'], guard: requireKind('ADMIN') });
  return {
    ...table,
    read<Q extends z.ZodType, D extends z.ZodType>(
      url: string,
      contract: RouteContract<undefined, Q, undefined, D>,
      service: (ctx: ServiceContext, query: Parsed<Q>) => Answer<D>,
    ) {
      table.get(url, contract, (request) => service(app.ctx, request.query as Parsed<Q>));
    },
    edit<B extends z.ZodType, D extends z.ZodType>(
      url: string,
      contract: RouteContract<undefined, undefined, B, D>,
      service: (ctx: ServiceContext, change: { staff: Staff; input: Parsed<B> }) => Answer<D>,
    ) {
      table.post(url, contract, (request) => service(app.ctx, { staff: staffOf(request), input: request.body as Parsed<B> }));
    },
  };
}

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
