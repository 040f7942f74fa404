import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertOperator, insertRole, insertSubordinate, nextPhone } from '../../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (token: string, url: string, payload: object) => t.call({ method: 'POST', url, token, payload });

describe('who may change a role (issue 45 §7)', () => {
  it('a fleet manager cannot add a permission to the role it holds', async () => {
    const { operatorId } = await insertOperator(t.db);
    const manager = await insertSubordinate(t.db, operatorId, ['USERS_MANAGE', 'TRIPS_VIEW']);
    const res = await post(manager.token, '/api/user/addRolePermissions', { roleId: manager.roleId, permissions: ['WALLET_ADD_MONEY'] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot change the role you hold');
    // not in effect either: the wallet top-up stays refused
    const removeOwn = await post(manager.token, '/api/user/deleteRolePermissions', { roleId: manager.roleId, permissions: ['TRIPS_VIEW'] });
    expect(removeOwn.status).toBe(403);
    const roles = await t.call({ method: 'GET', url: '/api/user/getAllRoles', token: manager.token });
    const own = roles.body.data.find((r: { roleId: string }) => r.roleId === manager.roleId);
    expect([...own.permissions].sort()).toEqual(['TRIPS_VIEW', 'USERS_MANAGE']);
  });

  it('a fleet manager cannot grant a permission it does not hold, on any role', async () => {
    const { operatorId } = await insertOperator(t.db);
    const manager = await insertSubordinate(t.db, operatorId, ['USERS_MANAGE', 'TRIPS_VIEW']);
    const other = await insertRole(t.db, operatorId, ['LOADS_VIEW']);
    const add = await post(manager.token, '/api/user/addRolePermissions', { roleId: other.roleId, permissions: ['VEHICLES_MANAGE'] });
    expect(add.status).toBe(403);
    expect(add.body.message).toBe('You cannot give a permission you do not have');
    const create = await post(manager.token, '/api/user/createRole', { name: 'Clerk', permissions: ['REPORTS_DOWNLOAD'] });
    expect(create.status).toBe(403);
    // what it holds it may hand on
    const ok = await post(manager.token, '/api/user/addRolePermissions', { roleId: other.roleId, permissions: ['TRIPS_VIEW'] });
    expect(ok.status).toBe(200);
  });

  it('only the owner changes a role that holds money permissions', async () => {
    const { operatorId, owner } = await insertOperator(t.db);
    const manager = await insertSubordinate(t.db, operatorId, ['USERS_MANAGE', 'TRIPS_VIEW', 'WALLET_ADD_MONEY']);
    const cashier = await insertRole(t.db, operatorId, ['WALLET_VIEW', 'WALLET_ADD_MONEY', 'TRIPS_VIEW']);
    const edit = await post(manager.token, '/api/user/deleteRolePermissions', { roleId: cashier.roleId, permissions: ['TRIPS_VIEW'] });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('Only the owner can change a role with money permissions');
    const plain = await insertRole(t.db, operatorId, ['LOADS_VIEW']);
    const grantMoney = await post(manager.token, '/api/user/addRolePermissions', {
      roleId: plain.roleId,
      permissions: ['WALLET_ADD_MONEY'],
    });
    expect(grantMoney.status).toBe(403);
    const placeInMoneyRole = await post(manager.token, '/api/user/addSubordinate/v2', {
      name: 'Ravi Kumar',
      phone: nextPhone(),
      roleId: cashier.roleId,
    });
    expect(placeInMoneyRole.status).toBe(403);

    const byOwner = await post(owner.token, '/api/user/deleteRolePermissions', { roleId: cashier.roleId, permissions: ['TRIPS_VIEW'] });
    expect(byOwner.status).toBe(200);
    const ownerGrants = await post(owner.token, '/api/user/addRolePermissions', {
      roleId: manager.roleId,
      permissions: ['FASTAG_RECHARGE'],
    });
    expect(ownerGrants.status).toBe(200);
  });

  it('a Hindi reader gets the refusal in Hindi', async () => {
    const { operatorId } = await insertOperator(t.db);
    const manager = await insertSubordinate(t.db, operatorId, ['USERS_MANAGE']);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/addRolePermissions',
      token: manager.token,
      headers: { locale: 'hi' },
      payload: { roleId: manager.roleId, permissions: ['USERS_MANAGE'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('आप अपनी ही भूमिका नहीं बदल सकते');
  });
});
