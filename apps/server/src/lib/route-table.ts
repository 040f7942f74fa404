import { envelopeSchema } from '@bhada/contracts/common';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { ok } from './reply.ts';

/** A preValidation hook that refuses a caller (plugins/auth.ts builds them). */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
export type Sent<S> = S extends z.ZodType ? z.input<S> : unknown;

/** The request a declared route's call sees: params, query and body as its contract parses them. */
export type DeclaredRequest<P, Q, B> = FastifyRequest<{ Params: Parsed<P>; Querystring: Parsed<Q>; Body: Parsed<B> }>;

/** What a route takes and answers: the contract's schemas, its reference summary and its success message. */
export interface RouteContract<P, Q, B, D> {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** the `data` of the success envelope; without it the answer is not checked against a schema */
  data?: D;
  /** the envelope's message on success, or how to word it from the answer and the request */
  message?: string | ((data: Sent<D>, request: DeclaredRequest<P, Q, B>) => string | undefined);
}

/** The one service call of a route; its result becomes the envelope's `data`. */
export type RouteCall<P, Q, B, D> = (request: DeclaredRequest<P, Q, B>, reply: FastifyReply) => Sent<D> | Promise<Sent<D>>;

type Declare = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType | undefined = undefined,
>(
  url: string,
  contract: RouteContract<P, Q, B, D>,
  call: RouteCall<P, Q, B, D>,
) => void;

export interface RouteTable<G extends Guard | undefined = Guard | undefined> {
  /** the table's tags and guard, for a route of the same caller that is not declared through the table */
  tags: string[];
  guard: G;
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

/**
 * Routes of one caller and one reference section, one declaration each: method, path, contract, the
 * service call (ADR 082). Each is registered as a Fastify route with the same OpenAPI operation a
 * hand-written one had (tags, summary, params, querystring, body, the enveloped 200 answer) and the
 * table's guard as its preValidation hook; the call's result is answered in the success envelope.
 */
export function routeTable<G extends Guard | undefined = undefined>(
  app: FastifyInstance,
  options: { tags: string[]; guard?: G; config?: FastifyContextConfig },
): RouteTable<G> {
  const declare =
    (method: HTTPMethods): Declare =>
    (url, contract, call) => {
      const { summary, params, query, body, data, message } = contract;
      const schema: FastifySchema = { tags: options.tags, summary };
      if (params) schema.params = params;
      if (query) schema.querystring = query;
      if (body) schema.body = body;
      if (data) schema.response = { 200: envelopeSchema(data) };
      app.route({
        method,
        url,
        schema,
        ...(options.guard ? { preValidation: options.guard } : {}),
        ...(options.config ? { config: options.config } : {}),
        handler: async (request, reply) => {
          const answer = await call(request as never, reply);
          return ok(answer, typeof message === 'function' ? message(answer, request as never) : message);
        },
      });
    };
  return {
    tags: options.tags,
    guard: options.guard as G,
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
