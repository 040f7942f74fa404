import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertConsigner, insertOperator, insertRole, insertSubordinate, insertVehicle, nextPhone } from '../../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('roles and sub-users', () => {
  it('an operator creates a role, edits its permissions and lists it', async () => {
    const { owner } = await insertOperator(t.db);
    const created = await t.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: { name: 'Dispatcher', permissions: ['LOADS_VIEW', 'QUOTES_SUBMIT'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Role created successfully');
    const roleId = created.body.data.roleId;

    const added = await t.call({
      method: 'POST',
      url: '/api/user/addRolePermissions',
      token: owner.token,
      payload: { roleId, permissions: ['TRIPS_VIEW'] },
    });
    expect(added.body.message).toBe('Role added successfully');
    const removed = await t.call({
      method: 'POST',
      url: '/api/user/deleteRolePermissions',
      token: owner.token,
      payload: { roleId, permissions: ['LOADS_VIEW'] },
    });
    expect(removed.body.message).toBe('Role deleted successfully');

    const list = await t.call({ method: 'GET', url: '/api/user/getAllRoles', token: owner.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ roleId, name: 'Dispatcher', userCount: 0 });
    expect([...list.body.data[0].permissions].sort()).toEqual(['QUOTES_SUBMIT', 'TRIPS_VIEW']);

    const dup = await t.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: { name: 'Dispatcher', permissions: ['LOADS_VIEW'] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.field).toBe('name');
  });

  it('lists the permission catalogue by group', async () => {
    const { owner } = await insertOperator(t.db);
    const res = await t.call({ method: 'GET', url: '/api/user/permissionGroup', token: owner.token });
    const codes = res.body.data.map((g: { code: string }) => g.code);
    expect(codes).toEqual(
      expect.arrayContaining(['MARKETPLACE', 'TOKENS', 'TRIPS', 'POD', 'VEHICLES', 'DOCUMENTS', 'USERS', 'WALLET', 'FASTAG', 'REPORTS']),
    );
  });

  it('adds a sub-user who can log in and gets only its role', async () => {
    const { operatorId, owner } = await insertOperator(t.db);
    const role = await insertRole(t.db, operatorId, ['LOADS_VIEW']);
    const phone = nextPhone();
    const res = await t.call({
      method: 'POST',
      url: '/api/user/addSubordinate/v2',
      token: owner.token,
      payload: { name: 'Mahesh Sharma', phone, roleId: role.roleId },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User added successfully');
    const subs = await t.call({ method: 'GET', url: '/api/user/getOperatorSubordinates', token: owner.token });
    expect(subs.body.data).toEqual([expect.objectContaining({ name: 'Mahesh Sharma', phone, roleId: role.roleId, roleName: role.name })]);

    const again = await t.call({
      method: 'POST',
      url: '/api/user/addSubordinate/v2',
      token: owner.token,
      payload: { name: 'Someone', phone, roleId: role.roleId },
    });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('phone');
  });

  it('a subordinate without user management gets 403 on creating a role', async () => {
    const { operatorId } = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, operatorId, ['LOADS_VIEW', 'QUOTES_SUBMIT']);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: sub.token,
      payload: { name: 'Mine', permissions: ['LOADS_VIEW'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('FORBIDDEN');
    const roles = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM roles WHERE operator_id = $1', [operatorId]);
    expect(roles.rows[0]?.n).toBe(1);
  });

  it('a subordinate with user management may manage users of its own operator', async () => {
    const { operatorId } = await insertOperator(t.db);
    const manager = await insertSubordinate(t.db, operatorId, ['USERS_MANAGE']);
    const res = await t.call({ method: 'GET', url: '/api/user/getAllRoles', token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it("operator 2 removing operator 1's subordinate gets 404 and nothing changes", async () => {
    const one = await insertOperator(t.db);
    const two = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, one.operatorId, ['LOADS_VIEW']);
    const res = await t.call({ method: 'DELETE', url: `/api/user/removeSubordinate?userCode=${sub.userCode}`, token: two.owner.token });
    expect(res.status).toBe(404);
    const stillThere = await t.call({ method: 'GET', url: '/api/user/getOperatorSubordinates', token: one.owner.token });
    expect(stillThere.body.data).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: sub.token })).status).toBe(200);

    const rolePeek = await t.call({
      method: 'POST',
      url: '/api/user/addRolePermissions',
      token: two.owner.token,
      payload: { roleId: sub.roleId, permissions: ['USERS_MANAGE'] },
    });
    expect(rolePeek.status).toBe(404);
  });

  it('removing a subordinate ends its sessions', async () => {
    const { operatorId, owner } = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, operatorId, ['LOADS_VIEW']);
    const res = await t.call({ method: 'DELETE', url: `/api/user/removeSubordinate?userCode=${sub.userCode}`, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted successfully.');
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: sub.token })).status).toBe(401);
  });

  it('a malformed body gets 400 with the field named, never 500', async () => {
    const { owner } = await insertOperator(t.db);
    const cases = [
      { url: '/api/user/createRole', payload: { name: 'X1', permissions: ['NOT_A_PERMISSION'] }, field: 'permissions.0' },
      { url: '/api/user/createRole', payload: { permissions: ['LOADS_VIEW'] }, field: 'name' },
      { url: '/api/user/addSubordinate/v2', payload: { name: 'Ravi', phone: '123', roleId: 'x' }, field: 'phone' },
      { url: '/api/user/addRolePermissions', payload: { roleId: '', permissions: ['LOADS_VIEW'] }, field: 'roleId' },
    ];
    for (const c of cases) {
      const res = await t.call({ method: 'POST', url: c.url, token: owner.token, payload: c.payload });
      expect(res.status, c.url).toBe(400);
      expect(res.body.field).toBe(c.field);
      // the message is the rule's own text; the field travels beside it (ADR 095)
      expect(res.body.message).not.toContain(`${c.field}:`);
      expect(res.body.message ?? '').not.toBe('');
    }
    const notJson = await t.call({
      method: 'POST',
      url: '/api/user/createRole',
      token: owner.token,
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('consigners and anonymous callers cannot reach user management', async () => {
    const c = await insertConsigner(t.db);
    expect((await t.call({ method: 'GET', url: '/api/user/getAllRoles', token: c.user.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/user/getAllRoles' })).status).toBe(401);
  });

  it("lists only the operator's own vehicles", async () => {
    const one = await insertOperator(t.db);
    const two = await insertOperator(t.db);
    const v = await insertVehicle(t.db, one.operatorId);
    await insertVehicle(t.db, two.operatorId);
    const res = await t.call({ method: 'GET', url: '/api/vehicle/getAll', token: one.owner.token });
    expect(res.body.data.map((x: { vehicleId: string }) => x.vehicleId)).toEqual([v.id]);
  });
});
