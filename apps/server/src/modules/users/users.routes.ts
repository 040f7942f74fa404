import { envelopeSchema } from '@bhada/contracts/common';
import {
  addSubordinateRequestSchema,
  createRoleRequestSchema,
  operatorVehiclesResponseSchema,
  permissionGroupsResponseSchema,
  removeSubordinateQuerySchema,
  rolePermissionsRequestSchema,
  rolesResponseSchema,
  subordinatesResponseSchema,
  USERS_MESSAGES,
} from '@bhada/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../plugins/auth.ts';
import * as users from './users.service.ts';

const roleRef = envelopeSchema(z.object({ roleId: z.string() }));
const userRef = envelopeSchema(z.object({ userCode: z.string() }));
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = requirePermission('USERS_MANAGE');
  const op = (request: Parameters<typeof actorOf>[0]) => operatorIdOf(actorOf(request));

  app.get(
    '/api/user/permissionGroup',
    {
      preValidation: manage,
      schema: { tags, summary: 'Permission catalogue', response: { 200: envelopeSchema(permissionGroupsResponseSchema) } },
    },
    async () => ok(users.permissionGroups()),
  );

  app.get(
    '/api/user/getAllRoles',
    { preValidation: manage, schema: { tags, summary: "The operator's roles", response: { 200: envelopeSchema(rolesResponseSchema) } } },
    async (request) => ok(await users.listRoles(app.db, op(request))),
  );

  app.post(
    '/api/user/createRole',
    { preValidation: manage, schema: { tags, summary: 'Create a role', body: createRoleRequestSchema, response: { 200: roleRef } } },
    async (request) => ok(await users.createRole(app.db, op(request), request.body), USERS_MESSAGES.roleCreated),
  );

  app.post(
    '/api/user/addRolePermissions',
    {
      preValidation: manage,
      schema: { tags, summary: 'Add permissions to a role', body: rolePermissionsRequestSchema, response: { 200: roleRef } },
    },
    async (request) => {
      const done = await users.addRolePermissions(app.db, op(request), request.body);
      // this process forgets the role's sessions at once; the others when the database announces it (ADR 153)
      app.sessionCache.invalidate(`r:${done.roleId}`);
      return ok(done, USERS_MESSAGES.roleAdded);
    },
  );

  app.post(
    '/api/user/deleteRolePermissions',
    {
      preValidation: manage,
      schema: { tags, summary: 'Remove permissions from a role', body: rolePermissionsRequestSchema, response: { 200: roleRef } },
    },
    async (request) => {
      const done = await users.deleteRolePermissions(app.db, op(request), request.body);
      app.sessionCache.invalidate(`r:${done.roleId}`);
      return ok(done, USERS_MESSAGES.roleDeleted);
    },
  );

  app.get(
    '/api/user/getOperatorSubordinates',
    { preValidation: manage, schema: { tags, summary: 'Sub-users', response: { 200: envelopeSchema(subordinatesResponseSchema) } } },
    async (request) => ok(await users.listSubordinates(app.db, op(request))),
  );

  app.post(
    '/api/user/addSubordinate/v2',
    { preValidation: manage, schema: { tags, summary: 'Add a sub-user', body: addSubordinateRequestSchema, response: { 200: userRef } } },
    async (request) => ok(await users.addSubordinate(app.db, op(request), request.body), USERS_MESSAGES.userAdded),
  );

  app.delete(
    '/api/user/removeSubordinate',
    {
      preValidation: manage,
      schema: { tags, summary: 'Remove a sub-user', querystring: removeSubordinateQuerySchema, response: { 200: userRef } },
    },
    async (request) => {
      const done = await users.removeSubordinate(app.db, op(request), request.query.userCode);
      app.sessionCache.invalidate(`c:${done.userCode}`);
      return ok(done, USERS_MESSAGES.userDeleted);
    },
  );

  app.get(
    '/api/vehicle/getAll',
    {
      preValidation: requirePermission('VEHICLES_VIEW'),
      schema: { tags, summary: "The operator's vehicles", response: { 200: envelopeSchema(operatorVehiclesResponseSchema) } },
    },
    async (request) => ok(await users.listOperatorVehicles(app.db, op(request))),
  );
};
