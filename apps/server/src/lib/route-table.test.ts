import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.ts';
import { forbidden } from './errors.ts';
import { type Guard, routeTable } from './route-table.ts';

let app: FastifyInstance;
const calls: string[] = [];
const registered: RouteOptions[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  const memberOnly: Guard = async (request) => {
    if (request.headers.token !== 'member') throw forbidden();
  };
  const members = routeTable(app, { tags: ['demo'], guard: memberOnly });
  const open = routeTable(app, { tags: ['demo'] });
  members.post(
    '/things/:id',
    {
      summary: 'Rename a thing',
      params: z.object({ id: z.string().max(4) }),
      body: z.object({ name: z.string().min(1) }),
      data: z.object({ id: z.string(), name: z.string() }),
      message: (thing, request) => `${request.params.id} is now ${thing.name}`,
    },
    async (request) => {
      calls.push(request.params.id);
      return { id: request.params.id, name: request.body.name.toUpperCase(), secret: 'not answered' };
    },
  );
  open.get('/ping', { summary: 'Ping', data: z.object({ pong: z.literal(true) }), message: 'pong' }, () => ({ pong: true as const }));
  await app.ready();
});
afterAll(() => app.close());

describe('a route table', () => {
  it('answers the call in the success envelope, with the message worded from the answer and the request', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/T1', headers: { token: 'member' }, payload: { name: 'crate' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: 'T1', name: 'CRATE' }, message: 'T1 is now CRATE', errorCode: '200' });
  });

  it("runs the table's guard before the call, and validates params and body against the contract", async () => {
    const before = calls.length;
    const refused = await app.inject({ method: 'POST', url: '/things/T1', payload: { name: 'crate' } });
    expect(refused.statusCode).toBe(403);
    const badBody = await app.inject({ method: 'POST', url: '/things/T1', headers: { token: 'member' }, payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    const badParams = await app.inject({ method: 'POST', url: '/things/TOOLONG', headers: { token: 'member' }, payload: { name: 'x' } });
    expect(badParams.statusCode).toBe(400);
    expect(calls.length).toBe(before);
  });

  it('serves a table without a guard to anyone, with a fixed message', async () => {
    const res = await app.inject({ method: 'GET', url: '/ping' });
    expect(res.json()).toEqual({ success: true, data: { pong: true }, message: 'pong', errorCode: '200' });
  });

  it('registers the route options a hand-written route had: tags, summary, schemas, enveloped 200, the guard', () => {
    const post = registered.find((r) => r.url === '/things/:id');
    expect(post?.method).toBe('POST');
    expect(post?.schema).toMatchObject({ tags: ['demo'], summary: 'Rename a thing' });
    expect(Object.keys(post?.schema ?? {}).sort()).toEqual(['body', 'params', 'response', 'summary', 'tags']);
    expect(Object.keys((post?.schema?.response as object) ?? {})).toEqual(['200']);
    expect(post?.preValidation).toBeTypeOf('function');
    const ping = registered.find((r) => r.url === '/ping' && r.method === 'GET');
    expect(Object.keys(ping?.schema ?? {}).sort()).toEqual(['response', 'summary', 'tags']);
    expect(ping?.preValidation).toBeUndefined();
  });
});
