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
} from '@bhada/contracts/account/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeTable } from '../../../lib/route-table.ts';
import { actorOf, operatorIdOf, requirePermission } from '../../../plugins/auth.ts';
import * as users from './users.service.ts';

const roleRef = z.object({ roleId: z.string() });
const userRef = z.object({ userCode: z.string() });
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = routeTable(app, { tags, guard: requirePermission('USERS_MANAGE') });
  const op = (request: Parameters<typeof actorOf>[0]) => operatorIdOf(actorOf(request));
  /** this process forgets the operator's cached reads at once; the others when the database announces it (ADR 165) */
  const changed = <T>(request: Parameters<typeof actorOf>[0], done: T) => {
    app.tenantReads.forget(op(request));
    return done;
  };

  const vehiclesView = routeTable(app, { tags, guard: requirePermission('VEHICLES_VIEW') });

  manage.get('/api/user/permissionGroup', { summary: 'Permission catalogue', data: permissionGroupsResponseSchema }, () =>
    users.permissionGroups(),
  );

  manage.get('/api/user/getAllRoles', { summary: "The operator's roles", data: rolesResponseSchema }, (request) =>
    users.listRoles(app.db, op(request), app.tenantReads),
  );

  manage.post(
    '/api/user/createRole',
    { summary: 'Create a role', body: createRoleRequestSchema, data: roleRef, message: USERS_MESSAGES.roleCreated },
    async (request) => changed(request, await users.createRole(app.db, op(request), request.body, actorOf(request))),
  );

  manage.post(
    '/api/user/addRolePermissions',
    { summary: 'Add permissions to a role', body: rolePermissionsRequestSchema, data: roleRef, message: USERS_MESSAGES.roleAdded },
    async (request) => {
      const done = await users.addRolePermissions(app.db, op(request), request.body, actorOf(request));
      // this process forgets the role's sessions at once; the others when the database announces it (ADR 153)
      app.sessionCache.invalidate(`r:${done.roleId}`);
      return changed(request, done);
    },
  );

  manage.post(
    '/api/user/deleteRolePermissions',
    { summary: 'Remove permissions from a role', body: rolePermissionsRequestSchema, data: roleRef, message: USERS_MESSAGES.roleDeleted },
    async (request) => {
      const done = await users.deleteRolePermissions(app.db, op(request), request.body, actorOf(request));
      app.sessionCache.invalidate(`r:${done.roleId}`);
      return changed(request, done);
    },
  );

  manage.get('/api/user/getOperatorSubordinates', { summary: 'Sub-users', data: subordinatesResponseSchema }, (request) =>
    users.listSubordinates(app.db, op(request)),
  );

  manage.post(
    '/api/user/addSubordinate/v2',
    { summary: 'Add a sub-user', body: addSubordinateRequestSchema, data: userRef, message: USERS_MESSAGES.userAdded },
    async (request) => changed(request, await users.addSubordinate(app.db, op(request), request.body, actorOf(request))),
  );

  manage.delete(
    '/api/user/removeSubordinate',
    { summary: 'Remove a sub-user', query: removeSubordinateQuerySchema, data: userRef, message: USERS_MESSAGES.userDeleted },
    async (request) => {
      const done = await users.removeSubordinate(app.db, op(request), request.query.userCode);
      app.sessionCache.invalidate(`c:${done.userCode}`);
      return changed(request, done);
    },
  );

  vehiclesView.get('/api/vehicle/getAll', { summary: "The operator's vehicles", data: operatorVehiclesResponseSchema }, (request) =>
    users.listOperatorVehicles(app.db, op(request)),
  );
};
